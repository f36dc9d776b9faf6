import type { FastifyRequest } from "fastify";
import { ADMIN_ROLES, AUTH_MESSAGES, type Role } from "#shared/account.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { createForbiddenError, createUnauthenticatedError } from "./errors.ts";

/**
 * Who may call a route. Every /api route declares one in its `config.access`; a test walks all
 * registered routes and fails on any that declares nothing (see access.test.ts).
 * - public: anyone, no session needed.
 * - signed-in: any approved account with a valid session.
 * - self: the URL parameter names a faculty member (by id or e-mail) and must be the caller;
 *   admins pass too when `admins` is set (the service then keeps them to their institution).
 *   Anyone else: 403.
 * - owner: the URL names a record; the service answers 404 when it is not the caller's.
 * - admin: admin or super_admin; `account` names the URL parameter of the account it acts on
 *   (the service keeps an admin to their own institution; the route walk checks it).
 *   super_admin: only super_admin.
 * - student: students only (their own space); instructors and administrators answer 403
 *   (an instructor has no enrolments: the student routes would only ever answer empty or 404).
 * Students reach only the rules declared with `students: true` (their own account, their own
 * space) and answer 403 everywhere else: the instructor features are not theirs (ARCHITECTURE: roles).
 */
export type RouteAccess =
  | { kind: "public" }
  | { kind: "signed-in"; students: boolean }
  | { kind: "self"; param: string; by: "id" | "email"; admins: boolean; students: boolean }
  | { kind: "owner"; students: boolean }
  | { kind: "student"; students: true }
  | { kind: "admin"; account?: string }
  | { kind: "super_admin" };

interface AudienceOptions {
  /** Students may call it too (default: instructors and administrators only). */
  students?: boolean;
}

export const access = {
  public: (): RouteAccess => ({ kind: "public" }),
  signedIn: (options: AudienceOptions = {}): RouteAccess => ({
    kind: "signed-in",
    students: options.students ?? false,
  }),
  self: (param = "facultyId", options: AudienceOptions & { admins?: boolean } = {}): RouteAccess => ({
    kind: "self",
    param,
    by: "id",
    admins: options.admins ?? false,
    students: options.students ?? false,
  }),
  selfByEmail: (param = "email", options: AudienceOptions & { admins?: boolean } = {}): RouteAccess => ({
    kind: "self",
    param,
    by: "email",
    admins: options.admins ?? false,
    students: options.students ?? false,
  }),
  owner: (options: AudienceOptions = {}): RouteAccess => ({
    kind: "owner",
    students: options.students ?? false,
  }),
  student: (): RouteAccess => ({ kind: "student", students: true }),
  admin: (options: { account?: string } = {}): RouteAccess =>
    options.account ? { kind: "admin", account: options.account } : { kind: "admin" },
  superAdmin: (): RouteAccess => ({ kind: "super_admin" }),
};

/** Whether a student may call a route with this rule. */
export const admitsStudents = (rule: RouteAccess) => "students" in rule && rule.students;

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
  if (caller.role === "student" && !admitsStudents(rule))
    throw createForbiddenError(AUTH_MESSAGES.studentForbidden);
  switch (rule.kind) {
    case "signed-in":
    case "owner":
      return;
    case "student":
      if (caller.role !== "student") throw createForbiddenError(AUTH_MESSAGES.studentsOnly);
      return;
    case "admin":
      if (!isAdminRole(caller.role)) throw createForbiddenError();
      return;
    case "super_admin":
      if (caller.role !== "super_admin") throw createForbiddenError();
      return;
    case "self": {
      // Fastify has already decoded the parameter once; decoding again would misread "%25".
      const raw = String((request.params as Record<string, unknown>)[rule.param] ?? "");
      const isSelf = rule.by === "id" ? raw === String(caller.id) : raw.trim().toLowerCase() === caller.email;
      if (isSelf || (rule.admins && isAdminRole(caller.role))) return;
      throw createForbiddenError();
    }
  }
}

/**
 * ARCHITECTURE, security rules: a `facultyId` sent in a body must be the caller's own id (the
 * server never takes a body's word for who the caller is); omitted, the caller's id is used.
 */
export function assertOwnFacultyId(facultyId: number | undefined, caller: Caller, message: string): void {
  if (facultyId !== undefined && facultyId !== caller.id) throw createForbiddenError(message);
}

/** The signed-in caller; routes behind any rule but public may rely on it. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw createUnauthenticatedError();
  return request.caller;
}
