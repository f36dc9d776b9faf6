import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { cognitiveLoadCheckInTable } from "./cognitive-load.table.ts";

/**
 * Check-ins are read by the owner of their project only, and only as aggregates and
 * anonymous remarks (the service never answers a single check-in). Adding one needs the project's
 * current contribution link, or ownership of the project (an instructor recording a paper survey).
 */
export const checkInPolicy = {
  readable: (viewer: Viewer) => eq(cognitiveLoadCheckInTable.projectOwnerId, viewer.id),
  writable: (viewer: Viewer) => eq(cognitiveLoadCheckInTable.projectOwnerId, viewer.id),
} satisfies RecordPolicy;
