import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { projectTable } from "./projects.table.ts";

const owned = (viewer: Viewer) => eq(projectTable.facultyId, viewer.id);

/**
 * Projects belong to the instructor who made them: only they read and change them (the spec gives
 * administrators no power over someone's projects). A contribution link is a capability of its
 * own (contributions.policy.ts), not a reading right.
 *
 * The student side adds "a student enrolled in the project may read it" to `readable` only (an
 * `or` with the enrolment condition); every read of a project goes through it.
 */
export const projectPolicy = {
  readable: owned,
  writable: owned,
} satisfies RecordPolicy;
