import { and, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { EventType } from "#shared/constants.ts";
import type { RangeWindow } from "#shared/domain/analytics.ts";
import type { Database } from "../../db/client.ts";
import { contributionTable as contribution } from "../contributions/contributions.table.ts";
import { objectiveConversionTable as conversion } from "../objective-conversions/objective-conversions.table.ts";
import {
  pivotCardTable as card,
  retrievalItemTable as item,
  retrievalReviewTable as review,
} from "../pivot-assets/pivot-assets.table.ts";
import { projectTable as project } from "../projects/projects.table.ts";
import { type AnalyticsEventRow, analyticsEventTable as event } from "./analytics.table.ts";

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
      const where = eventConditions(facultyId, filter);
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(event)
          .where(where)
          .orderBy(desc(event.createdAt), desc(event.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(event).where(where),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    /** Every event of the window, oldest first (the CSV report). */
    async all(facultyId: number, window: RangeWindow): Promise<AnalyticsEventRow[]> {
      return db
        .select()
        .from(event)
        .where(eventConditions(facultyId, { window }))
        .orderBy(event.createdAt, event.id);
    },

    /** Events of the window counted by UTC day and type. */
    async countsByDay(facultyId: number, window: RangeWindow) {
      const day = sql<string>`to_char(${event.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({ day, eventType: event.eventType, count: count() })
        .from(event)
        .where(eventConditions(facultyId, { window }))
        .groupBy(day, event.eventType);
    },

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

    /** Who contributed in the window, per project (students are counted by the shared rule). */
    async contributorsInRange(facultyId: number, window: RangeWindow) {
      return db
        .selectDistinct({
          projectId: contribution.projectId,
          studentName: contribution.studentName,
          studentEmail: contribution.studentEmail,
        })
        .from(contribution)
        .where(
          and(
            eq(contribution.projectOwnerId, facultyId),
            gte(contribution.createdAt, window.from),
            lte(contribution.createdAt, window.to),
          ),
        );
    },

    /** Reviews in the window of retrieval items on cards linked to a project, per project. */
    async reviewsByProject(facultyId: number, window: RangeWindow) {
      return db
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
        .groupBy(card.projectId);
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
