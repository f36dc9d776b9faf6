import { eq } from "drizzle-orm";
import { PACING_DEFAULTS, type PacingOptions, type PacingOptionsInput } from "#shared/schemas/pacing.ts";
import type { Database } from "../../db/client.ts";
import type { MilestoneLookup } from "../milestones/milestones.service.ts";
import { projectPacingTable } from "./pacing.table.ts";

/** A project's launch: its date, and the milestone it comes from (null: a date its owner set). */
export interface Launch {
  date: Date;
  milestone: { id: number; title: string } | null;
}

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
export function createPacingOptions(db: Database, milestones: Pick<MilestoneLookup, "nextLaunch">) {
  return {
    /**
     * The date a project's pivot concepts must hold by: the launch date its owner set (while it is
     * after `at`), else the due date of its first launch milestone due after `at`; null when it has
     * neither. Target-date scheduling and launch readiness aim at it.
     */
    async launch(projectId: number, at: Date, options?: PacingOptions): Promise<Launch | null> {
      const own = (options ?? (await this.get(projectId))).launchDate;
      if (own && new Date(own).getTime() > at.getTime()) return { date: new Date(own), milestone: null };
      const milestone = await milestones.nextLaunch(projectId, at);
      return milestone
        ? { date: milestone.dueAt, milestone: { id: milestone.id, title: milestone.title } }
        : null;
    },

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
