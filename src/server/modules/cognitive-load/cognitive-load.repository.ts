import { and, asc, desc, eq, gt, gte, inArray, isNotNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type CheckInOrigin,
  type CognitiveContext,
  ENTERED_SOURCES,
  HARMFUL_INTERRUPTIONS_PER_HOUR,
} from "#shared/domain/cognitive-load.ts";
import { dayString } from "#shared/domain/cognitive-load-periods.ts";
import { emptyTotals, type Totals } from "#shared/domain/cognitive-load-totals.ts";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { checkInPolicy } from "./cognitive-load.policy.ts";
import {
  cognitiveLoadCheckInTable as checkIn,
  cognitiveLoadSettingTable,
  cognitiveLoadDayTable as day,
} from "./cognitive-load.table.ts";

export interface Slice {
  /** Start of the previous period (included), or null for all time. */
  since: Date | null;
  /** Start of the current period: rows before it are the previous period. */
  from: Date | null;
  context: CognitiveContext | undefined;
  projectId: number | undefined;
  /** Whose check-ins: the students' own, or those the instructor entered (never both). */
  origin: CheckInOrigin;
}

/** The sums of one context's check-ins in the previous period, or at one chart point of the slice. */
export interface Group {
  current: boolean;
  /** The chart point (YYYY-MM-DD) of the slice's groups; null for the previous period's. */
  bucket: string | null;
  context: CognitiveContext;
  totals: Totals;
}

const sum = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

type Sums = Omit<Totals, "held"> & {
  heldInterruptions: number;
  heldExtraneous: number;
  heldEffort: number;
  heldTechnostress: number;
  heldRefocus: number;
};
const totalsOfSums = (row: Sums): Totals => ({
  ...emptyTotals(),
  responses: Number(row.responses),
  mentalEffort: Number(row.mentalEffort),
  intrinsicLoad: Number(row.intrinsicLoad),
  extraneousLoad: Number(row.extraneousLoad),
  germaneLoad: Number(row.germaneLoad),
  technostress: Number(row.technostress),
  interruptions: Number(row.interruptions),
  taskMinutes: Number(row.taskMinutes),
  refocusMinutes: Number(row.refocusMinutes),
  held: {
    interruptions: Number(row.heldInterruptions),
    extraneous: Number(row.heldExtraneous),
    effort: Number(row.heldEffort),
    technostress: Number(row.heldTechnostress),
    refocus: Number(row.heldRefocus),
  },
});

export function createCognitiveLoadRepository(db: Database) {
  const where = (viewer: Viewer, slice: Slice, start: Date | null) =>
    and(
      checkInPolicy.readable(viewer),
      slice.origin === "entered"
        ? inArray(checkIn.source, [...ENTERED_SOURCES])
        : notInArray(checkIn.source, [...ENTERED_SOURCES]),
      start ? gte(checkIn.createdAt, start) : undefined,
      slice.context ? eq(checkIn.context, slice.context) : undefined,
      slice.projectId === undefined ? undefined : eq(checkIn.projectId, slice.projectId),
    );

  return {
    async insert(values: Array<typeof checkIn.$inferInsert>) {
      if (values.length === 0) return [];
      return db.insert(checkIn).values(values).returning({ id: checkIn.id });
    },

    /**
     * The sums of the slice and of the previous period, per context, the slice's also per chart
     * point (UTC day, or the Monday of the week). The students' check-ins across all the viewer's
     * projects are summed from cognitive_load_day (kept by a trigger, at most 3 rows a day, students'
     * check-ins only); one project's, and those the instructor entered, from the check-ins through
     * their indexes. The groups come back as one JSON text: PGlite turns a
     * JSON text into objects far faster than it reads hundreds of rows of numbers.
     */
    async groups(viewer: Viewer, slice: Slice, bucket: "day" | "week"): Promise<Group[]> {
      const fromDay = slice.from ? dayString(slice.from) : null;
      const sinceDay = slice.since ? dayString(slice.since) : null;
      const inner =
        slice.projectId === undefined && slice.origin === "students"
          ? (() => {
              const current = fromDay ? sql`(${day.day} >= ${fromDay}::date)` : sql`true`;
              return sql`
                select ${current} as "current",
                  case when ${current} then to_char(date_trunc(${bucket}, ${day.day}), 'YYYY-MM-DD') end as "bucket",
                  ${day.context} as "context",
                  sum(${day.responses}) as "responses", sum(${day.mentalEffort}) as "mentalEffort",
                  sum(${day.intrinsicLoad}) as "intrinsicLoad", sum(${day.extraneousLoad}) as "extraneousLoad",
                  sum(${day.germaneLoad}) as "germaneLoad", sum(${day.technostress}) as "technostress",
                  sum(${day.interruptions}) as "interruptions", sum(${day.taskMinutes}) as "taskMinutes",
                  sum(${day.refocusMinutes}) as "refocusMinutes",
                  sum(${day.heldInterruptions}) as "heldInterruptions", sum(${day.heldExtraneous}) as "heldExtraneous",
                  sum(${day.heldEffort}) as "heldEffort", sum(${day.heldTechnostress}) as "heldTechnostress",
                  sum(${day.heldRefocus}) as "heldRefocus"
                from ${day}
                where ${and(
                  eq(day.projectOwnerId, viewer.id),
                  sinceDay ? sql`${day.day} >= ${sinceDay}::date` : undefined,
                  slice.context ? eq(day.context, slice.context) : undefined,
                  gt(day.responses, 0),
                )}
                group by 1, 2, 3`;
            })()
          : (() => {
              const dayOf = sql`(${checkIn.createdAt} at time zone 'UTC')::date`;
              const current = fromDay ? sql`(${dayOf} >= ${fromDay}::date)` : sql`true`;
              return sql`
                select ${current} as "current",
                  case when ${current} then to_char(date_trunc(${bucket}, ${dayOf}), 'YYYY-MM-DD') end as "bucket",
                  ${checkIn.context} as "context",
                  count(*) as "responses", sum(${checkIn.mentalEffort}) as "mentalEffort",
                  sum(${checkIn.intrinsicLoad}) as "intrinsicLoad", sum(${checkIn.extraneousLoad}) as "extraneousLoad",
                  sum(${checkIn.germaneLoad}) as "germaneLoad", sum(${checkIn.technostress}) as "technostress",
                  sum(${checkIn.interruptions}) as "interruptions", sum(${checkIn.taskMinutes}) as "taskMinutes",
                  sum(${checkIn.refocusMinutes}) as "refocusMinutes",
                  count(*) filter (where ${checkIn.interruptions} * 60 > ${HARMFUL_INTERRUPTIONS_PER_HOUR} * ${checkIn.taskMinutes}) as "heldInterruptions",
                  count(*) filter (where ${checkIn.extraneousLoad} > 5) as "heldExtraneous",
                  count(*) filter (where ${checkIn.mentalEffort} >= 8) as "heldEffort",
                  count(*) filter (where ${checkIn.technostress} >= 6) as "heldTechnostress",
                  count(*) filter (where ${checkIn.refocusMinutes} > 5) as "heldRefocus"
                from ${checkIn}
                where ${where(viewer, slice, slice.since)}
                group by 1, 2, 3`;
            })();
      const result = (await db.execute(
        sql`select coalesce(json_agg(t), '[]'::json)::text as "groups" from (${inner}) t`,
      )) as unknown as { rows: Array<{ groups: string }> };
      const rows = JSON.parse(result.rows[0]?.groups ?? "[]") as Array<
        Sums & { current: boolean; bucket: string | null; context: CognitiveContext }
      >;
      return rows.map((row) => ({
        current: row.current,
        bucket: row.bucket,
        context: row.context,
        totals: totalsOfSums(row),
      }));
    },

    /** The newest remarks of the slice's current period, without anything that names a person. */
    async remarks(viewer: Viewer, slice: Slice, limit: number) {
      return (
        db
          .select({ text: checkIn.remark, context: checkIn.context, createdAt: checkIn.createdAt })
          .from(checkIn)
          .where(and(where(viewer, slice, slice.from), isNotNull(checkIn.remark)))
          // Newest first in the order of the (owner, created_at) index: no sort of the whole slice.
          .orderBy(desc(checkIn.createdAt))
          .limit(limit)
      );
    },

    /** Whether the viewer's projects have any check-in at all, of either origin (the screen's empty state). */
    async any(viewer: Viewer): Promise<boolean> {
      const [row] = await db
        .select({ id: checkIn.id })
        .from(checkIn)
        .where(checkInPolicy.readable(viewer))
        .limit(1);
      return row !== undefined;
    },

    /** The check-ins of the slice's current period, oldest first, for the CSV export. */
    async rows(viewer: Viewer, slice: Slice) {
      return db
        .select()
        .from(checkIn)
        .where(where(viewer, slice, slice.from))
        .orderBy(asc(checkIn.createdAt), asc(checkIn.id));
    },

    /**
     * The count and mental effort sum of the students' check-ins of all the viewer's projects
     * (Pivot Assets' tile), from the day sums (which hold students' check-ins only).
     */
    async effort(viewer: Viewer) {
      const [row] = await db
        .select({ responses: sum(day.responses), mentalEffort: sum(day.mentalEffort) })
        .from(day)
        .where(eq(day.projectOwnerId, viewer.id));
      return { responses: row?.responses ?? 0, mentalEffortSum: row?.mentalEffort ?? 0 };
    },

    async semesterStart(facultyId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ semesterStart: cognitiveLoadSettingTable.semesterStart })
        .from(cognitiveLoadSettingTable)
        .where(eq(cognitiveLoadSettingTable.facultyId, facultyId));
      return row?.semesterStart;
    },

    async setSemesterStart(facultyId: number, semesterStart: string, at: Date) {
      await db
        .insert(cognitiveLoadSettingTable)
        .values({ facultyId, semesterStart, updatedAt: at })
        .onConflictDoUpdate({
          target: cognitiveLoadSettingTable.facultyId,
          set: { semesterStart, updatedAt: at },
        });
    },
  };
}

export type CognitiveLoadRepository = ReturnType<typeof createCognitiveLoadRepository>;
