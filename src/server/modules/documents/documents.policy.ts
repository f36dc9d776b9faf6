import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { documentTable as document } from "./documents.table.ts";

/**
 * Documents are their owner's alone (spec B §6 leaves it open; ARCHITECTURE: a record of someone
 * else answers 404): administrators included, since a document may be anything a person keeps.
 */
export const documentPolicy = {
  readable: (viewer: Viewer) => eq(document.facultyId, viewer.id),
  writable: (viewer: Viewer) => eq(document.facultyId, viewer.id),
} satisfies RecordPolicy;
