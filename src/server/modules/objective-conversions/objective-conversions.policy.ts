import { eq } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { objectiveConversionTable } from "./objective-conversions.table.ts";

const owned = (viewer: Viewer) => eq(objectiveConversionTable.facultyId, viewer.id);

/** A saved conversion (spec A §6) is its author's alone: only they list, rate and delete it. */
export const conversionPolicy = {
  readable: owned,
  writable: owned,
} satisfies RecordPolicy;
