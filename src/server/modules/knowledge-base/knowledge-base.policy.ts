import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { knowledgeEntryTable as entry } from "./knowledge-base.table.ts";

/**
 * Knowledge base entries are their owner's (spec B §6: "scoped to the signed-in faculty member"):
 * only the owner reads one by id, changes or deletes it; anyone else gets 404, administrators
 * included. Colleagues of the same institution find the entries shared with them (`isPrivate:
 * false`) only through the institution scope of search and ask (knowledge-base.repository.ts,
 * `sharedWith`), read-only.
 */
export const knowledgePolicy = {
  readable: (viewer: Viewer) => eq(entry.facultyId, viewer.id),
  writable: (viewer: Viewer) => eq(entry.facultyId, viewer.id),
} satisfies RecordPolicy;
