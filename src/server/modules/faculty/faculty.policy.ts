import type { Role } from "#shared/account.ts";
import { institutionKey } from "#shared/domain/integrations.ts";
import type { Caller } from "../../lib/access.ts";
import { createForbiddenError } from "../../lib/errors.ts";

/**
 * Who may read and change whose account. The institution is a tenant boundary: institution-wide
 * records (shared integrations) are shared by it, so a person never moves themselves into
 * another institution, and an administrator manages only the members of their own.
 */

export const ROLE_RANK: Record<Role, number> = { student: 0, instructor: 1, admin: 2, super_admin: 3 };

export const FACULTY_POLICY_MESSAGES = {
  otherInstitution: "You can manage only the accounts of your own institution.",
  higherRole: "You can change only accounts below your own role.",
  institutionChange: "Only the Super Admin can move an account to another institution.",
} as const;

interface Account {
  id: number;
  role: Role;
  institution: string;
}

export const sameInstitution = (a: { institution: string }, b: { institution: string }) =>
  institutionKey(a.institution) === institutionKey(b.institution);

/** Reading an account: oneself, the super admin, or an admin of the same institution. */
export function assertMayRead(actor: Caller, target: Account): void {
  if (actor.id === target.id || actor.role === "super_admin") return;
  if (actor.role === "admin" && sameInstitution(actor.faculty, target)) return;
  throw createForbiddenError(FACULTY_POLICY_MESSAGES.otherInstitution);
}

/**
 * Changing someone else's account: the super admin anyone below them; an admin only accounts of
 * their own institution below their own role.
 */
export function assertMayManage(actor: Caller, target: Account): void {
  if (actor.role !== "super_admin" && !sameInstitution(actor.faculty, target)) {
    throw createForbiddenError(FACULTY_POLICY_MESSAGES.otherInstitution);
  }
  if (ROLE_RANK[target.role] >= ROLE_RANK[actor.role]) {
    throw createForbiddenError(FACULTY_POLICY_MESSAGES.higherRole);
  }
}

/**
 * An institution that names another tenant (another key) is set only by the super admin; a
 * spelling that keeps the key ("state university" for "State University") by whoever may edit.
 */
export function assertMayMoveInstitution(actor: Caller, target: Account, institution: string): void {
  if (actor.role === "super_admin") return;
  if (institutionKey(institution) !== institutionKey(target.institution)) {
    throw createForbiddenError(FACULTY_POLICY_MESSAGES.institutionChange);
  }
}
