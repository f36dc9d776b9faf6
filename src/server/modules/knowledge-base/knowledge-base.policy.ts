import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { knowledgeEntryTable as entry } from "./knowledge-base.table.ts";

/**
 * Knowledge base entries are their owner's (spec B §6: "scoped to the signed-in faculty member"):
 * only the owner changes or deletes one; anyone else gets 404, administrators included.
 * Colleagues of the same institution read the entries shared with them (`isPrivate: false`),
 * read-only, through the institution scope of the list, search and ask and by id
 * (knowledge-base.repository.ts, `sharedPage`, `findShared`).
 */
export const knowledgePolicy = {
  readable: (viewer: Viewer) => eq(entry.facultyId, viewer.id),
  writable: (viewer: Viewer) => eq(entry.facultyId, viewer.id),
} satisfies RecordPolicy;
