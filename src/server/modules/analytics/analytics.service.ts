import type { z } from "zod";
import {
  ANALYTICS_RECENT_EVENTS,
  type AnalyticsRange,
  EVENT_TYPES,
  type EventType,
} from "#shared/constants.ts";
import {
  classSizeOf,
  completionLabel,
  completionRate,
  describeEvent,
  engagementLevel,
  engagementRate,
  focusScore,
  monthlyGrowth,
  rangeWindow,
  windowDays,
} from "#shared/domain/analytics.ts";
import type {
  AnalyticsEvent,
  AnalyticsProject,
  AnalyticsSummary,
  analyticsReportQuerySchema,
  DescribedEvent,
} from "#shared/schemas/analytics.ts";
import type { Page } from "#shared/schemas/common.ts";
import { CONTRIBUTION_STATUSES, type ContributionStatus } from "#shared/schemas/contributions.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { createAnalyticsReadModel } from "../../read-models/analytics.read-model.ts";
import { countEngaged, engagedStudents } from "../../read-models/engaged-students.ts";
import { renderExport } from "../exports/render-export.ts";
import { eventsDocument, reportDocument, reportFileName } from "./analytics.report.ts";
import { createAnalyticsRepository, type EventFilter } from "./analytics.repository.ts";
import type { AnalyticsEventRow } from "./analytics.table.ts";

const toEvent = (row: AnalyticsEventRow): AnalyticsEvent => ({
  id: row.id,
  facultyId: row.facultyId,
  eventType: row.eventType,
  eventData: row.eventData,
  createdAt: row.createdAt.toISOString(),
});

const zeroByType = () =>
  Object.fromEntries(EVENT_TYPES.map((type) => [type, 0])) as Record<EventType, number>;
const zeroByStatus = () =>
  Object.fromEntries(CONTRIBUTION_STATUSES.map((status) => [status, 0])) as Record<
    ContributionStatus,
    number
  >;
const latestOf = (...dates: Array<Date | string | null | undefined>) =>
  dates.reduce<Date | undefined>((latest, value) => {
    if (!value) return latest;
    const date = new Date(value);
    return !latest || date > latest ? date : latest;
  }, undefined);

const projectIdOf = (data: Record<string, unknown>) =>
  typeof data.projectId === "number" && Number.isInteger(data.projectId) ? data.projectId : undefined;

/**
 * The one place events are recorded: from the domain events of the features (subscriptions.ts),
 * in the transaction of the change, and from POST /api/analytics; and where Analytics and
 * Insights reads them back with the records they name (docs/decisions/0040-analytics-and-reports.md).
 */
export function createAnalyticsService(db: Database, now: () => Date = () => new Date()) {
  const repository = createAnalyticsRepository(db);
  const records = createAnalyticsReadModel(db);

  /** Events in words, with the titles of the person's projects they name. */
  async function describe(facultyId: number, rows: AnalyticsEventRow[]): Promise<DescribedEvent[]> {
    const ids = [...new Set(rows.map((row) => projectIdOf(row.eventData)).filter((id) => id !== undefined))];
    const titles = new Map((await records.projectTitles(facultyId, ids)).map((row) => [row.id, row.title]));
    return rows.map((row) => {
      const projectId = projectIdOf(row.eventData);
      const title = projectId === undefined ? undefined : titles.get(projectId);
      return { ...toEvent(row), description: describeEvent(row.eventType, row.eventData, title) };
    });
  }

  const service = {
    async record(facultyId: number, eventType: EventType, eventData: Record<string, unknown> = {}) {
      return toEvent(await repository.insert(facultyId, eventType, eventData));
    },
    /** Records inside a transaction (a domain event's, see subscriptions.ts). */
    async recordIn(
      tx: Database,
      facultyId: number,
      eventType: EventType,
      eventData: Record<string, unknown>,
    ) {
      return toEvent(await createAnalyticsRepository(tx).insert(facultyId, eventType, eventData));
    },

    /** One page of the person's events in words, newest first, of a type and range or all. */
    async list(
      facultyId: number,
      query: {
        eventType?: EventType | undefined;
        range?: AnalyticsRange | undefined;
        limit: number;
        offset: number;
      },
    ): Promise<Page<DescribedEvent>> {
      const filter: EventFilter = {
        eventType: query.eventType,
        window: query.range ? rangeWindow(query.range, now()) : undefined,
      };
      const page = await repository.page(facultyId, filter, query.limit, query.offset);
      return { items: await describe(facultyId, page.items), total: page.total };
    },

    /** Every event of the range in words, oldest first (the CSV report). */
    async eventsInRange(facultyId: number, range: AnalyticsRange) {
      return describe(facultyId, await repository.all(facultyId, rangeWindow(range, now())));
    },

    /** The figures of Analytics and Insights for one range. */
    async summary(facultyId: number, range: AnalyticsRange): Promise<AnalyticsSummary> {
      const window = rangeWindow(range, now());
      const [days, projects, contributions, engaged, reviews, cards, checkIns, ratings, recent] =
        await Promise.all([
          repository.countsByDay(facultyId, window),
          records.projects(facultyId),
          records.contributionCounts(facultyId, window),
          engagedStudents(db, facultyId, window.from, window.to),
          records.reviewsByProject(facultyId, window),
          records.cardsByProject(facultyId),
          records.checkInsByProject(facultyId, window),
          records.ratings(facultyId),
          repository.recent(facultyId, window, ANALYTICS_RECENT_EVENTS),
        ]);

      const eventsByType = zeroByType();
      const perDay = new Map(windowDays(window).map((date) => [date, zeroByType()]));
      for (const row of days) {
        eventsByType[row.eventType] += row.count;
        const day = perDay.get(row.day);
        if (day) day[row.eventType] += row.count;
      }
      const totalEvents = EVENT_TYPES.reduce((sum, type) => sum + eventsByType[type], 0);

      const contributionsByStatus = zeroByStatus();
      const perProject = new Map<
        number,
        { byStatus: Record<ContributionStatus, number>; total: number; inRange: number; latest?: Date }
      >();
      for (const row of contributions) {
        const entry = perProject.get(row.projectId) ?? { byStatus: zeroByStatus(), total: 0, inRange: 0 };
        entry.byStatus[row.status] += row.total;
        entry.total += row.total;
        entry.inRange += row.inRange;
        entry.latest = latestOf(entry.latest, row.latest);
        perProject.set(row.projectId, entry);
        contributionsByStatus[row.status] += row.inRange;
      }
      const studentsByProject = new Map<number, number>();
      for (const row of engaged)
        studentsByProject.set(row.projectId, (studentsByProject.get(row.projectId) ?? 0) + 1);
      const reviewsByProject = new Map(reviews.map((row) => [row.projectId, row]));
      const cardsByProject = new Map(cards.map((row) => [row.projectId, row.cards]));
      const checkInsByProject = new Map(checkIns.map((row) => [row.projectId, row]));

      const rows: AnalyticsProject[] = projects.map((project) => {
        const counts = perProject.get(project.id);
        const reviewed = reviewsByProject.get(project.id);
        const checkedIn = checkInsByProject.get(project.id);
        const classSize = classSizeOf(project.classSize);
        return {
          id: project.id,
          title: project.title,
          status: project.status,
          discipline: project.discipline,
          classSize: classSize.size,
          classSizeSource: classSize.source,
          contributions: { ...(counts?.byStatus ?? zeroByStatus()), total: counts?.total ?? 0 },
          contributionsInRange: counts?.inRange ?? 0,
          studentsInRange: studentsByProject.get(project.id) ?? 0,
          retrievalReviews: reviewed?.reviews ?? 0,
          pivotCards: cardsByProject.get(project.id) ?? 0,
          lastActivity: (
            latestOf(project.updatedAt, counts?.latest, reviewed?.latest, checkedIn?.latest) ??
            project.updatedAt
          ).toISOString(),
          checkIns: checkedIn?.checkIns ?? 0,
        };
      });

      const active = rows.filter((row) => row.status === "active");
      const counted = rows.filter((row) => row.status !== "archived");
      const completion = completionRate(
        counted.filter((row) => row.status === "completed").length,
        counted.length,
      );
      const classSizeTotal = active.reduce((sum, row) => sum + row.classSize, 0);
      const studentsEngaged = countEngaged(engaged);

      return {
        range,
        from: window.from.toISOString(),
        to: window.to.toISOString(),
        activeProjects: active.length,
        studentsEngaged,
        completionRate: completion,
        completionLabel: completionLabel(completion),
        avgRating: Math.round(ratings.average * 10) / 10,
        ratedConversions: ratings.rated,
        classSizeTotal,
        classSizesFromMethodology: active.filter((row) => row.classSizeSource === "methodology").length,
        engagementRate: engagementRate(studentsEngaged, classSizeTotal),
        totalEvents,
        eventsByType,
        activityByDay: [...perDay].map(([date, counts]) => ({ date, ...counts })),
        growth: monthlyGrowth(totalEvents, window.days),
        objectivesConverted: eventsByType.objective_converted,
        projectsLaunched: eventsByType.project_created,
        contributionsByStatus,
        focusScore: focusScore(completion),
        engagementLevel: engagementLevel(totalEvents),
        recentEvents: await describe(facultyId, recent),
        projects: rows,
      };
    },

    /** Export Report: the person's events of the range as CSV, or the report as PDF, rendered. */
    async report(caller: Caller, query: z.infer<typeof analyticsReportQuerySchema>) {
      const { format, range } = query;
      const document =
        format === "csv"
          ? eventsDocument(await service.eventsInRange(caller.id, range), range)
          : reportDocument(await service.summary(caller.id, range), caller.faculty.name);
      return renderExport(document, format, reportFileName(range, now(), format));
    },
  };
  return service;
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
