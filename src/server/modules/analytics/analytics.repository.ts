import { and, count, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import { EVENT_TYPES, type EventType } from "#shared/constants.ts";
import type { RangeWindow } from "#shared/domain/analytics.ts";
import type { Database } from "../../db/client.ts";
import { cognitiveLoadCheckInTable as checkIn } from "../cognitive-load/cognitive-load.table.ts";
import { contributionTable as contribution } from "../contributions/contributions.table.ts";
import { objectiveConversionTable as conversion } from "../objective-conversions/objective-conversions.table.ts";
import {
  pivotCardTable as card,
  retrievalItemTable as item,
  retrievalReviewTable as review,
} from "../pivot-assets/pivot-assets.table.ts";
import { projectTable as project } from "../projects/projects.table.ts";
import { studentReviewTable as studentReview } from "../student-practice/student-practice.table.ts";
import {
  type AnalyticsEventRow,
  analyticsDailyTable as daily,
  analyticsEventTable as event,
} from "./analytics.table.ts";

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * A window cut where analytics_daily can answer: the whole UTC days strictly inside it (read from
 * the daily counts) and its two edge days (read from the events, to the millisecond).
 */
function splitWindow(window: RangeWindow) {
  const firstDayEnd = new Date(startOfUtcDay(window.from).getTime() + DAY_MS);
  const lastDayStart = startOfUtcDay(window.to);
  return {
    firstDay: utcDay(window.from),
    lastDay: utcDay(window.to),
    // Two ranges read separately: an OR of them made the planner read all of the person's events.
    edges: [
      and(gte(event.createdAt, window.from), lt(event.createdAt, firstDayEnd)),
      and(gte(event.createdAt, lastDayStart), lte(event.createdAt, window.to)),
    ],
  };
}

export interface EventFilter {
  eventType?: EventType | undefined;
  window?: RangeWindow | undefined;
}

const eventConditions = (facultyId: number, filter: EventFilter) =>
  and(
    eq(event.facultyId, facultyId),
    filter.eventType ? eq(event.eventType, filter.eventType) : undefined,
    filter.window ? gte(event.createdAt, filter.window.from) : undefined,
    filter.window ? lte(event.createdAt, filter.window.to) : undefined,
  );

export function createAnalyticsRepository(db: Database) {
  /** Events counted per UTC day and type: inner days from analytics_daily, edge days from the events. */
  async function countsByDay(facultyId: number, window: RangeWindow, eventType?: EventType) {
    const { firstDay, lastDay, edges } = splitWindow(window);
    const day = sql<string>`to_char(${event.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const edgeCounts = (range: ReturnType<typeof and>) =>
      db
        .select({ day, eventType: event.eventType, count: count() })
        .from(event)
        .where(
          and(eq(event.facultyId, facultyId), range, eventType ? eq(event.eventType, eventType) : undefined),
        )
        .groupBy(day, event.eventType);
    // One row per day with a column per type: a fifth of the rows to hand over from PGlite.
    const perType = Object.fromEntries(
      EVENT_TYPES.map((type) => [
        type,
        sql<number>`coalesce(sum(${daily.count}) filter (where ${daily.eventType} = ${type}), 0)`.mapWith(
          Number,
        ),
      ]),
    ) as Record<EventType, SQL<number>>;
    const [days, first, last] = await Promise.all([
      db
        .select({ day: daily.day, ...perType })
        .from(daily)
        .where(
          and(
            eq(daily.facultyId, facultyId),
            gt(daily.day, firstDay),
            lt(daily.day, lastDay),
            eventType ? eq(daily.eventType, eventType) : undefined,
          ),
        )
        .groupBy(daily.day),
      edgeCounts(edges[0]),
      edgeCounts(edges[1]),
    ]);
    const inner = days.flatMap((row) =>
      EVENT_TYPES.filter((type) => row[type] > 0).map((type) => ({
        day: row.day,
        eventType: type,
        count: row[type],
      })),
    );
    return [...inner, ...first, ...last];
  }

  /** How many events match, from the daily counts (and the edge days of a window). */
  async function total(facultyId: number, filter: EventFilter): Promise<number> {
    if (filter.window)
      return (await countsByDay(facultyId, filter.window, filter.eventType)).reduce(
        (sum, row) => sum + row.count,
        0,
      );
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${daily.count}), 0)`.mapWith(Number) })
      .from(daily)
      .where(
        and(
          eq(daily.facultyId, facultyId),
          filter.eventType ? eq(daily.eventType, filter.eventType) : undefined,
        ),
      );
    return row?.total ?? 0;
  }

  return {
    async insert(facultyId: number, eventType: EventType, eventData: Record<string, unknown>) {
      const [row] = await db.insert(event).values({ facultyId, eventType, eventData }).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** One page of the person's events, newest first, and how many match in all. */
    async page(
      facultyId: number,
      filter: EventFilter,
      limit: number,
      offset: number,
    ): Promise<{ items: AnalyticsEventRow[]; total: number }> {
      const [items, matching] = await Promise.all([
        db
          .select()
          .from(event)
          .where(eventConditions(facultyId, filter))
          .orderBy(desc(event.createdAt), desc(event.id))
          .limit(limit)
          .offset(offset),
        total(facultyId, filter),
      ]);
      return { items, total: matching };
    },

    /** The newest events of the window (the summary's recent list; no total). */
    async recent(facultyId: number, window: RangeWindow, limit: number): Promise<AnalyticsEventRow[]> {
      return db
        .select()
        .from(event)
        .where(eventConditions(facultyId, { window }))
        .orderBy(desc(event.createdAt), desc(event.id))
        .limit(limit);
    },

    /** Every event of the window, oldest first (the CSV report). */
    async all(facultyId: number, window: RangeWindow): Promise<AnalyticsEventRow[]> {
      return db
        .select()
        .from(event)
        .where(eventConditions(facultyId, { window }))
        .orderBy(event.createdAt, event.id);
    },

    countsByDay,

    /** The person's projects with what the summary reads of them. */
    async projects(facultyId: number) {
      return db
        .select({
          id: project.id,
          title: project.title,
          status: project.status,
          discipline: project.discipline,
          classSize: sql<string | null>`${project.methodology}->>'classSize'`,
          updatedAt: project.updatedAt,
        })
        .from(project)
        .where(eq(project.facultyId, facultyId))
        .orderBy(desc(project.updatedAt), desc(project.id));
    },

    /** Titles of some of the person's projects (to word events). */
    async projectTitles(facultyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: project.id, title: project.title })
        .from(project)
        .where(and(eq(project.facultyId, facultyId), inArray(project.id, ids)));
    },

    /** Contributions to the person's projects: per project and status, all time, with the newest. */
    async contributionCounts(facultyId: number, window: RangeWindow) {
      return db
        .select({
          projectId: contribution.projectId,
          status: contribution.status,
          total: count(),
          inRange:
            sql<number>`count(*) filter (where ${contribution.createdAt} >= ${window.from.toISOString()}::timestamptz and ${contribution.createdAt} <= ${window.to.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
          latest: sql<string>`max(${contribution.createdAt})`,
        })
        .from(contribution)
        .where(eq(contribution.projectOwnerId, facultyId))
        .groupBy(contribution.projectId, contribution.status);
    },

    /**
     * Retrieval practice in the window per project: the owner's own reviews of items on cards
     * linked to the project, and the reviews of its enrolled students (student_review names the
     * project the item was practised in).
     */
    async reviewsByProject(facultyId: number, window: RangeWindow) {
      const [own, students] = await Promise.all([
        db
          .select({
            projectId: card.projectId,
            reviews: count(),
            latest: sql<string>`max(${review.reviewedAt})`,
          })
          .from(review)
          .innerJoin(item, eq(item.id, review.itemId))
          .innerJoin(card, eq(card.id, item.pivotCardId))
          .where(
            and(
              eq(review.facultyId, facultyId),
              gte(review.reviewedAt, window.from),
              lte(review.reviewedAt, window.to),
              sql`${card.projectId} is not null`,
            ),
          )
          .groupBy(card.projectId),
        db
          .select({
            projectId: studentReview.projectId,
            reviews: count(),
            latest: sql<string>`max(${studentReview.reviewedAt})`,
          })
          .from(studentReview)
          .innerJoin(project, eq(project.id, studentReview.projectId))
          .where(
            and(
              eq(project.facultyId, facultyId),
              gte(studentReview.reviewedAt, window.from),
              lte(studentReview.reviewedAt, window.to),
            ),
          )
          .groupBy(studentReview.projectId),
      ]);
      const perProject = new Map<number, { projectId: number; reviews: number; latest: string }>();
      for (const row of [...own, ...students]) {
        if (row.projectId === null) continue;
        const entry = perProject.get(row.projectId);
        if (!entry) perProject.set(row.projectId, { ...row, projectId: row.projectId });
        else {
          entry.reviews += row.reviews;
          if (new Date(row.latest) > new Date(entry.latest)) entry.latest = row.latest;
        }
      }
      return [...perProject.values()];
    },

    /** Cognitive load check-ins received in the window, per project (counts only: no answer). */
    async checkInsByProject(facultyId: number, window: RangeWindow) {
      return db
        .select({
          projectId: checkIn.projectId,
          checkIns: count(),
          latest: sql<string>`max(${checkIn.createdAt})`,
        })
        .from(checkIn)
        .where(
          and(
            eq(checkIn.projectOwnerId, facultyId),
            gte(checkIn.createdAt, window.from),
            lte(checkIn.createdAt, window.to),
          ),
        )
        .groupBy(checkIn.projectId);
    },

    /** Pivot cards linked to each project. */
    async cardsByProject(facultyId: number) {
      return db
        .select({ projectId: card.projectId, cards: count() })
        .from(card)
        .where(and(eq(card.facultyId, facultyId), sql`${card.projectId} is not null`))
        .groupBy(card.projectId);
    },

    /** The mean of one's conversion ratings and how many are rated. */
    async ratings(facultyId: number) {
      const [row] = await db
        .select({
          average: sql<number | null>`avg(${conversion.feedbackRating})::float8`,
          rated: sql<number>`count(${conversion.feedbackRating})`.mapWith(Number),
        })
        .from(conversion)
        .where(eq(conversion.facultyId, facultyId));
      return { average: Number(row?.average ?? 0), rated: row?.rated ?? 0 };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
