import type { CreateFacultyInput, UpdateFacultyInput } from "#shared/schemas/faculty.ts";
import type { Caller } from "../../lib/access.ts";
import { createForbiddenError } from "../../lib/errors.ts";
import { hashPassword } from "../auth/password.ts";
import type { SessionStore } from "../auth/session.store.ts";
import { createEmailTakenError, createFacultyNotFoundError } from "./faculty.errors.ts";
import { toFaculty } from "./faculty.presenter.ts";
import type { FacultyRepository } from "./faculty.repository.ts";

export function createFacultyService(deps: { faculty: FacultyRepository; sessions: SessionStore }) {
  const { faculty, sessions } = deps;
  return {
    async getById(id: number) {
      const row = await faculty.findById(id);
      if (!row) throw createFacultyNotFoundError();
      return toFaculty(row);
    },

    async getByEmail(email: string) {
      const row = await faculty.findByEmail(email);
      if (!row) throw createFacultyNotFoundError();
      return toFaculty(row);
    },

    /** An administrator adds an account directly; it is approved at once. */
    async create(actor: Caller, input: CreateFacultyInput) {
      const role = input.role ?? "instructor";
      if (role === "admin" && actor.role !== "super_admin") {
        throw createForbiddenError("Only the Super Admin can grant the admin role.");
      }
      if (await faculty.findByEmail(input.email)) throw createEmailTakenError();
      const { password, ...profile } = input;
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

    /** Profile fields only; the schema refuses role, status, e-mail and ids. */
    async update(id: number, input: UpdateFacultyInput) {
      const row = await faculty.update(id, input);
      if (!row) throw createFacultyNotFoundError();
      await sessions.facultyChanged(id);
      return toFaculty(row);
    },
  };
}

export type FacultyService = ReturnType<typeof createFacultyService>;
