import { and, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { RangeWindow } from "#shared/domain/analytics.ts";
import type { Database } from "../db/client.ts";
import { cognitiveLoadCheckInTable as checkIn } from "../modules/cognitive-load/cognitive-load.table.ts";
import { contributionTable as contribution } from "../modules/contributions/contributions.table.ts";
import { objectiveConversionTable as conversion } from "../modules/objective-conversions/objective-conversions.table.ts";
import {
  pivotCardTable as card,
  retrievalItemTable as item,
  retrievalReviewTable as review,
} from "../modules/pivot-assets/pivot-assets.table.ts";
import { projectTable as project } from "../modules/projects/projects.table.ts";
import { studentReviewTable as studentReview } from "../modules/student-practice/student-practice.table.ts";

/**
 * What the analytics summary reads of other modules' records for one person: their projects,
 * contributions, retrieval practice, check-ins, pivot cards and conversion ratings.
 */
export function createAnalyticsReadModel(db: Database) {
  return {
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

export type AnalyticsReadModel = ReturnType<typeof createAnalyticsReadModel>;
