import { eq } from "drizzle-orm";
import { PACING_DEFAULTS, type PacingOptions, type PacingOptionsInput } from "#shared/schemas/pacing.ts";
import type { Database } from "../../db/client.ts";
import { projectPacingTable } from "./pacing.table.ts";

type PacingRow = typeof projectPacingTable.$inferSelect;

const toOptions = (row: PacingRow | undefined): PacingOptions =>
  row
    ? {
        fittedScheduling: row.fittedScheduling,
        readiness: row.readiness,
        suggestions: row.suggestions,
        launchWaitsForReadiness: row.launchWaitsForReadiness,
        launchDate: row.launchDate?.toISOString() ?? null,
        readinessThreshold: row.readinessThreshold,
      }
    : { ...PACING_DEFAULTS };

/**
 * A project's pacing switches (project_pacing; the defaults where it has no row), read by the
 * modules that make the decisions: the fitted scheduling, the launch readiness and the
 * suggestions from cognitive load. The caller has checked who may read or change them.
 */
export function createPacingOptions(db: Database) {
  return {
    async get(projectId: number): Promise<PacingOptions> {
      const [row] = await db
        .select()
        .from(projectPacingTable)
        .where(eq(projectPacingTable.projectId, projectId));
      return toOptions(row);
    },

    async set(projectId: number, change: PacingOptionsInput, at: Date): Promise<PacingOptions> {
      const values = {
        ...change,
        launchDate:
          change.launchDate === undefined
            ? undefined
            : change.launchDate
              ? new Date(change.launchDate)
              : null,
        updatedAt: at,
      };
      const [row] = await db
        .insert(projectPacingTable)
        .values({ projectId, ...values })
        .onConflictDoUpdate({ target: projectPacingTable.projectId, set: values })
        .returning();
      return toOptions(row);
    },
  };
}

export type PacingOptionsStore = ReturnType<typeof createPacingOptions>;
