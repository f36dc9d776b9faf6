import { ADMIN_ROLES, type Role } from "#shared/account.ts";

/** Admin and super_admin share the administrator powers (spec A §6). */
export function isAdminRole(role: Role | undefined): boolean {
  return role !== undefined && ADMIN_ROLES.includes(role);
}
