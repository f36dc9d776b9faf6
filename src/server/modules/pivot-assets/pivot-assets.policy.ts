import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import {
  pivotCardTable,
  pivotDisciplineTable,
  retrievalItemTable,
  workedExampleTable,
} from "./pivot-assets.table.ts";

/**
 * Pivot Assets belong to the instructor who made them, as projects do (projects.policy.ts): only
 * they read and change their cards, disciplines, examples and items; anyone else gets 404.
 * Students never reach these routes (access rule without `students`: 403).
 */
export const pivotCardPolicy = {
  readable: (viewer: Viewer) => eq(pivotCardTable.facultyId, viewer.id),
  writable: (viewer: Viewer) => eq(pivotCardTable.facultyId, viewer.id),
} satisfies RecordPolicy;

export const pivotDisciplinePolicy = {
  readable: (viewer: Viewer) => eq(pivotDisciplineTable.facultyId, viewer.id),
  writable: (viewer: Viewer) => eq(pivotDisciplineTable.facultyId, viewer.id),
} satisfies RecordPolicy;

export const workedExamplePolicy = {
  readable: (viewer: Viewer) => eq(workedExampleTable.facultyId, viewer.id),
  writable: (viewer: Viewer) => eq(workedExampleTable.facultyId, viewer.id),
} satisfies RecordPolicy;

export const retrievalItemPolicy = {
  readable: (viewer: Viewer) => eq(retrievalItemTable.facultyId, viewer.id),
  writable: (viewer: Viewer) => eq(retrievalItemTable.facultyId, viewer.id),
} satisfies RecordPolicy;
