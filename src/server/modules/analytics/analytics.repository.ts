import { and, count, desc, eq, gt, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { EVENT_TYPES, type EventType } from "#shared/constants.ts";
import type { RangeWindow } from "#shared/domain/analytics.ts";
import type { Database } from "../../db/client.ts";
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
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
