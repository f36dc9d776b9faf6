import { and, desc, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import {
  type CheckInOrigin,
  type CognitiveContext,
  ENTERED_SOURCES,
  HARMFUL_INTERRUPTIONS_PER_HOUR,
} from "#shared/domain/cognitive-load.ts";
import { emptyTotals, type Totals } from "#shared/domain/cognitive-load-totals.ts";
import type { Database } from "../../db/client.ts";
import { pacingActionTable as action, cognitiveLoadCheckInTable as checkIn } from "./cognitive-load.table.ts";

const count = (condition?: ReturnType<typeof sql>) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);
const sum = (column: Parameters<typeof sql>[1]) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** One project's check-in sums per stage, and its applied pacing actions (the service checks ownership). */
export function createPacingRepository(db: Database) {
  return {
    /** The project's check-ins of one origin from `start` (included) to `end` (excluded), summed per context. */
    async totalsByContext(
      projectId: number,
      origin: CheckInOrigin,
      start: Date | null,
      end: Date | null,
    ): Promise<Map<CognitiveContext, Totals>> {
      const rows = await db
        .select({
          context: checkIn.context,
          responses: count(),
          mentalEffort: sum(checkIn.mentalEffort),
          intrinsicLoad: sum(checkIn.intrinsicLoad),
          extraneousLoad: sum(checkIn.extraneousLoad),
          germaneLoad: sum(checkIn.germaneLoad),
          technostress: sum(checkIn.technostress),
          interruptions: sum(checkIn.interruptions),
          taskMinutes: sum(checkIn.taskMinutes),
          refocusMinutes: sum(checkIn.refocusMinutes),
          heldInterruptions: count(
            sql`${checkIn.interruptions} * 60 > ${HARMFUL_INTERRUPTIONS_PER_HOUR} * ${checkIn.taskMinutes}`,
          ),
          heldExtraneous: count(sql`${checkIn.extraneousLoad} > 5`),
          heldEffort: count(sql`${checkIn.mentalEffort} >= 8`),
          heldTechnostress: count(sql`${checkIn.technostress} >= 6`),
          heldRefocus: count(sql`${checkIn.refocusMinutes} > 5`),
        })
        .from(checkIn)
        .where(
          and(
            eq(checkIn.projectId, projectId),
            origin === "entered"
              ? inArray(checkIn.source, [...ENTERED_SOURCES])
              : notInArray(checkIn.source, [...ENTERED_SOURCES]),
            start ? gte(checkIn.createdAt, start) : undefined,
            end ? lt(checkIn.createdAt, end) : undefined,
          ),
        )
        .groupBy(checkIn.context);
      return new Map(
        rows.map((row) => [
          row.context,
          {
            ...emptyTotals(),
            responses: row.responses,
            mentalEffort: row.mentalEffort,
            intrinsicLoad: row.intrinsicLoad,
            extraneousLoad: row.extraneousLoad,
            germaneLoad: row.germaneLoad,
            technostress: row.technostress,
            interruptions: row.interruptions,
            taskMinutes: row.taskMinutes,
            refocusMinutes: row.refocusMinutes,
            held: {
              interruptions: row.heldInterruptions,
              extraneous: row.heldExtraneous,
              effort: row.heldEffort,
              technostress: row.heldTechnostress,
              refocus: row.heldRefocus,
            },
          },
        ]),
      );
    },

    /** The project's applied actions, newest first. */
    applied(projectId: number) {
      return db
        .select()
        .from(action)
        .where(eq(action.projectId, projectId))
        .orderBy(desc(action.appliedAt), desc(action.id));
    },

    async insert(values: typeof action.$inferInsert) {
      const [row] = await db.insert(action).values(values).returning();
      if (!row) throw new Error("pacing action insert returned no row");
      return row;
    },

    /** Removes one of the project's applied actions; whether it was there. */
    async delete(projectId: number, id: number) {
      const rows = await db
        .delete(action)
        .where(and(eq(action.projectId, projectId), eq(action.id, id)))
        .returning({ id: action.id });
      return rows.length > 0;
    },
  };
}

export type PacingRepository = ReturnType<typeof createPacingRepository>;
