import type { FastifyRequest } from "fastify";
import { ADMIN_ROLES, type Role } from "#shared/constants.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { createForbiddenError, createUnauthenticatedError } from "./errors.ts";

/**
 * Who may call a route. Every /api route declares one in its `config.access`; a test walks all
 * registered routes and fails on any that declares nothing (see access.test.ts).
 * - public: anyone, no session needed.
 * - signed-in: any approved account with a valid session.
 * - self: the URL parameter names a faculty member (by id or e-mail) and must be the caller;
 *   admins pass too when `admins` is set. Anyone else: 403.
 * - owner: the URL names a record; the service answers 404 when it is not the caller's.
 * - admin: admin or super_admin. super_admin: only super_admin.
 */
export type RouteAccess =
  | { kind: "public" }
  | { kind: "signed-in" }
  | { kind: "self"; param: string; by: "id" | "email"; admins: boolean }
  | { kind: "owner" }
  | { kind: "admin" }
  | { kind: "super_admin" };

export const access = {
  public: (): RouteAccess => ({ kind: "public" }),
  signedIn: (): RouteAccess => ({ kind: "signed-in" }),
  self: (param = "facultyId", options: { admins?: boolean } = {}): RouteAccess => ({
    kind: "self",
    param,
    by: "id",
    admins: options.admins ?? false,
  }),
  selfByEmail: (param = "email", options: { admins?: boolean } = {}): RouteAccess => ({
    kind: "self",
    param,
    by: "email",
    admins: options.admins ?? false,
  }),
  owner: (): RouteAccess => ({ kind: "owner" }),
  admin: (): RouteAccess => ({ kind: "admin" }),
  superAdmin: (): RouteAccess => ({ kind: "super_admin" }),
};

export const isAdminRole = (role: Role) => ADMIN_ROLES.includes(role);

export interface Caller {
  id: number;
  email: string;
  role: Role;
  /** The caller's account as of this request (from the session cache). */
  faculty: Faculty;
}

/** Throws 401/403 when the caller may not reach the route; runs before body validation. */
export function enforceAccess(rule: RouteAccess, caller: Caller | null, request: FastifyRequest): void {
  if (rule.kind === "public") return;
  if (!caller) throw createUnauthenticatedError();
  switch (rule.kind) {
    case "signed-in":
    case "owner":
      return;
    case "admin":
      if (!isAdminRole(caller.role)) throw createForbiddenError();
      return;
    case "super_admin":
      if (caller.role !== "super_admin") throw createForbiddenError();
      return;
    case "self": {
      const raw = String((request.params as Record<string, unknown>)[rule.param] ?? "");
      const isSelf =
        rule.by === "id"
          ? raw === String(caller.id)
          : decodeURIComponent(raw).trim().toLowerCase() === caller.email;
      if (isSelf || (rule.admins && isAdminRole(caller.role))) return;
      throw createForbiddenError();
    }
  }
}

/** The signed-in caller; routes behind any rule but public may rely on it. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw createUnauthenticatedError();
  return request.caller;
}
