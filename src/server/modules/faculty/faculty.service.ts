import type { CreateFacultyInput, UpdateFacultyInput } from "#shared/schemas/faculty.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { createForbiddenError } from "../../lib/errors.ts";
import { assertUncommonPassword } from "../auth/common-passwords.ts";
import { hashPassword } from "../auth/password.ts";
import type { SessionStore } from "../auth/session.store.ts";
import { createEmailTakenError, createFacultyNotFoundError } from "./faculty.errors.ts";
import {
  assertMayManage,
  assertMayMoveInstitution,
  assertMayRead,
  FACULTY_POLICY_MESSAGES,
  sameInstitution,
} from "./faculty.policy.ts";
import { toFaculty } from "./faculty.presenter.ts";
import { createFacultyRepository, type FacultyRepository } from "./faculty.repository.ts";

export function createFacultyService(deps: { faculty: FacultyRepository; sessions: SessionStore }) {
  const { faculty, sessions } = deps;
  return {
    async getById(actor: Caller, id: number) {
      const row = await faculty.findById(id);
      if (!row) throw createFacultyNotFoundError();
      assertMayRead(actor, row);
      return toFaculty(row);
    },

    async getByEmail(actor: Caller, email: string) {
      const row = await faculty.findByEmail(email);
      if (!row) throw createFacultyNotFoundError();
      assertMayRead(actor, row);
      return toFaculty(row);
    },

    /** An administrator adds an account directly; it is approved at once. */
    async create(actor: Caller, input: CreateFacultyInput) {
      const role = input.role ?? "instructor";
      if (role === "admin" && actor.role !== "super_admin") {
        throw createForbiddenError("Only the Super Admin can grant the admin role.");
      }
      if (actor.role !== "super_admin" && !sameInstitution(actor.faculty, input)) {
        throw createForbiddenError(FACULTY_POLICY_MESSAGES.otherInstitution);
      }
      if (await faculty.findByEmail(input.email)) throw createEmailTakenError();
      const { password, ...profile } = input;
      await assertUncommonPassword(password);
      const row = await faculty.insert({
        ...profile,
        role,
        status: "approved",
        passwordHash: await hashPassword(password),
        reviewedBy: actor.id,
        reviewedAt: new Date(),
      });
      return toFaculty(row);
    },

    /**
     * Profile fields only; the schema refuses role, status, e-mail and ids. One's own profile, or
     * an account one manages; the institution moves only through the super admin.
     */
    async update(actor: Caller, id: number, input: UpdateFacultyInput) {
      const target = await faculty.findById(id);
      if (!target) throw createFacultyNotFoundError();
      if (actor.id !== target.id) assertMayManage(actor, target);
      if (input.institution !== undefined) assertMayMoveInstitution(actor, target, input.institution);
      const row = await faculty.update(id, input);
      if (!row) throw createFacultyNotFoundError();
      await sessions.facultyChanged(id);
      return toFaculty(row);
    },
  };
}

export type FacultyService = ReturnType<typeof createFacultyService>;

export type { FacultyRow } from "./faculty.table.ts";

/**
 * The accounts as other modules use them (sign-in and registration, approval, the account behind a
 * session, a student deleting their account): handed out by the context as `accounts`.
 */
export function createFacultyAccounts(db: Database) {
  const faculty = createFacultyRepository(db);
  return {
    findById: faculty.findById,
    findByEmail: faculty.findByEmail,
    listByStatus: faculty.listByStatus,
    insertFirstOrPending: faculty.insertFirstOrPending,
    /** An account made by an institution sign-in (never the first account: a super admin set the provider up). */
    insert: faculty.insert,
    update: faculty.update,
  };
}

export type FacultyAccounts = ReturnType<typeof createFacultyAccounts>;
