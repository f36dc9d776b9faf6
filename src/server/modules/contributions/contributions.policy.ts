import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { contributionTable } from "./contributions.table.ts";

/**
 * Contributions (spec A §8) are read and reviewed by the owner of their project only (copied onto
 * each contribution when it is added: a project never changes owner). A contributor never reads
 * them back, not even a student who may read the project (their classmates' names and e-mails are
 * in them).
 * Adding one needs no right on this resource: a project the caller may read, or its current link.
 */
export const contributionPolicy = {
  readable: (viewer: Viewer) => eq(contributionTable.projectOwnerId, viewer.id),
  writable: (viewer: Viewer) => eq(contributionTable.projectOwnerId, viewer.id),
} satisfies RecordPolicy;
