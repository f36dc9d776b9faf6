import { boolean, doublePrecision, pgTable, timestamp } from "drizzle-orm/pg-core";
import { cascadingId } from "../../db/columns.ts";
import { projectTable } from "../projects/projects.table.ts";

/**
 * A project's pacing switches (#shared/schemas/pacing.ts): a project without a row has the
 * defaults (PACING_DEFAULTS). Each automatic decision of the product can be turned off here.
 */
export const projectPacingTable = pgTable("project_pacing", {
  projectId: cascadingId("project_id", () => projectTable.id).primaryKey(),
  fittedScheduling: boolean("fitted_scheduling").notNull().default(true),
  readiness: boolean("readiness").notNull().default(true),
  suggestions: boolean("suggestions").notNull().default(true),
  launchWaitsForReadiness: boolean("launch_waits_for_readiness").notNull().default(false),
  launchDate: timestamp("launch_date", { withTimezone: true }),
  readinessThreshold: doublePrecision("readiness_threshold").notNull().default(0.8),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
