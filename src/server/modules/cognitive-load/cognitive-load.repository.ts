import { and, asc, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type CognitiveContext,
  emptyTotals,
  HARMFUL_INTERRUPTIONS_PER_HOUR,
  type Totals,
} from "#shared/domain/cognitive-load.ts";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { checkInPolicy } from "./cognitive-load.policy.ts";
import { cognitiveLoadCheckInTable as checkIn, cognitiveLoadSettingTable } from "./cognitive-load.table.ts";

export interface Slice {
  /** Start of the previous period (included), or null for all time. */
  since: Date | null;
  /** Start of the current period: rows before it are the previous period. */
  from: Date | null;
  until: Date;
  context: CognitiveContext | undefined;
  projectId: number | undefined;
  bucket: "day" | "week";
}

/** One group of check-ins: its period, context and day or week, with the sums every figure needs. */
export interface Group {
  current: boolean;
  context: CognitiveContext;
  bucket: string;
  totals: Totals;
}

const sum = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const held = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export function createCognitiveLoadRepository(db: Database) {
  const where = (viewer: Viewer, slice: Omit<Slice, "bucket">, start: Date | null) =>
    and(
      checkInPolicy.readable(viewer),
      start ? gte(checkIn.createdAt, start) : undefined,
      lt(checkIn.createdAt, slice.until),
      slice.context ? eq(checkIn.context, slice.context) : undefined,
      slice.projectId === undefined ? undefined : eq(checkIn.projectId, slice.projectId),
    );

  return {
    async insert(values: Array<typeof checkIn.$inferInsert>) {
      if (values.length === 0) return [];
      return db.insert(checkIn).values(values).returning({ id: checkIn.id });
    },

    /**
     * The check-ins of the slice and of the period before it, summed by period, context and day
     * or week in one pass over the owner's index range: the summary needs nothing else from them.
     */
    async groups(viewer: Viewer, slice: Slice): Promise<Group[]> {
      const bucket = sql<string>`to_char(date_trunc(${slice.bucket}, ${checkIn.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const current = slice.from
        ? sql<boolean>`${checkIn.createdAt} >= ${slice.from.toISOString()}::timestamptz`
        : sql<boolean>`true`;
      const rows = await db
        .select({
          current,
          context: checkIn.context,
          bucket,
          responses: sql<number>`count(*)`.mapWith(Number),
          mentalEffort: sum(checkIn.mentalEffort),
          intrinsicLoad: sum(checkIn.intrinsicLoad),
          extraneousLoad: sum(checkIn.extraneousLoad),
          germaneLoad: sum(checkIn.germaneLoad),
          technostress: sum(checkIn.technostress),
          interruptions: sum(checkIn.interruptions),
          taskMinutes: sum(checkIn.taskMinutes),
          refocusMinutes: sum(checkIn.refocusMinutes),
          heldInterruptions: held(
            sql`${checkIn.interruptions} * 60 > ${HARMFUL_INTERRUPTIONS_PER_HOUR} * ${checkIn.taskMinutes}`,
          ),
          heldExtraneous: held(sql`${checkIn.extraneousLoad} > 5`),
          heldEffort: held(sql`${checkIn.mentalEffort} >= 8`),
          heldTechnostress: held(sql`${checkIn.technostress} >= 6`),
          heldRefocus: held(sql`${checkIn.refocusMinutes} > 5`),
        })
        .from(checkIn)
        .where(where(viewer, slice, slice.since))
        .groupBy(sql`1`, sql`2`, sql`3`);
      return rows.map((row) => ({
        current: row.current === true || (row.current as unknown) === "t",
        context: row.context,
        bucket: row.bucket,
        totals: {
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
      }));
    },

    /** The newest remarks of the slice's current period, without anything that names a person. */
    async remarks(viewer: Viewer, slice: Omit<Slice, "bucket">, limit: number) {
      return db
        .select({ text: checkIn.remark, context: checkIn.context, createdAt: checkIn.createdAt })
        .from(checkIn)
        .where(and(where(viewer, slice, slice.from), isNotNull(checkIn.remark)))
        .orderBy(desc(checkIn.createdAt), desc(checkIn.id))
        .limit(limit);
    },

    /** Whether the viewer's projects have any check-in at all (the screen's empty state). */
    async any(viewer: Viewer): Promise<boolean> {
      const [row] = await db
        .select({ id: checkIn.id })
        .from(checkIn)
        .where(checkInPolicy.readable(viewer))
        .limit(1);
      return row !== undefined;
    },

    /** The check-ins of the slice's current period, oldest first, for the CSV export. */
    async rows(viewer: Viewer, slice: Omit<Slice, "bucket">) {
      return db
        .select()
        .from(checkIn)
        .where(where(viewer, slice, slice.from))
        .orderBy(asc(checkIn.createdAt), asc(checkIn.id));
    },

    /** The mean mental effort and count of all the viewer's check-ins (Pivot Assets' tile). */
    async effort(viewer: Viewer) {
      const [row] = await db
        .select({
          responses: sql<number>`count(*)`.mapWith(Number),
          mentalEffort: sum(checkIn.mentalEffort),
        })
        .from(checkIn)
        .where(checkInPolicy.readable(viewer));
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
