import { z } from "zod";
import { ANALYTICS_RANGES, EVENT_DATA_MAX_BYTES, EVENT_TYPES } from "../constants.ts";
import { isoDateTime, isStorableJson, pageQuery, unstorableMessage } from "./common.ts";
import { CONTRIBUTION_STATUSES } from "./contributions.ts";

export const eventTypeSchema = z.enum(EVENT_TYPES, {
  error: `Event type must be one of: ${EVENT_TYPES.join(", ")}`,
});

export const createAnalyticsEventSchema = z.strictObject({
  eventType: eventTypeSchema,
  eventData: z
    .record(z.string(), z.unknown(), { error: "Event data must be an object" })
    .default({})
    .refine((data) => JSON.stringify(data).length <= EVENT_DATA_MAX_BYTES, {
      message: `Event data must be at most ${EVENT_DATA_MAX_BYTES} bytes`,
    })
    .refine(isStorableJson, unstorableMessage("Event data")),
});
export type CreateAnalyticsEventInput = z.infer<typeof createAnalyticsEventSchema>;

export const analyticsRangeSchema = z.enum(ANALYTICS_RANGES, {
  error: `Range must be one of: ${ANALYTICS_RANGES.join(", ")}`,
});

/**
 * GET /api/analytics/faculty/:facultyId: one page of the person's events, newest first, of one
 * type or all, in a range or all time; the total in X-Total-Count.
 */
export const analyticsQuerySchema = z.object({
  eventType: eventTypeSchema.optional(),
  range: analyticsRangeSchema.optional(),
  ...pageQuery,
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** GET /api/analytics/summary/:facultyId */
export const analyticsSummaryQuerySchema = z.object({ range: analyticsRangeSchema.default("30d") });

export const ANALYTICS_REPORT_FORMATS = ["csv", "pdf"] as const;
/** GET /api/analytics/report */
export const analyticsReportQuerySchema = z.object({
  format: z.enum(ANALYTICS_REPORT_FORMATS, { error: "Format must be one of: csv, pdf" }).default("csv"),
  range: analyticsRangeSchema.default("30d"),
});
export const ANALYTICS_REPORT_CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
} as const;

/** An event as POST /api/analytics and GET /api/analytics/faculty/:facultyId answer it. */
export const analyticsEventSchema = z.object({
  id: z.number(),
  facultyId: z.number(),
  eventType: eventTypeSchema,
  eventData: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

const countsByType = z.object(
  Object.fromEntries(EVENT_TYPES.map((type) => [type, z.number()])) as Record<
    (typeof EVENT_TYPES)[number],
    z.ZodNumber
  >,
);
const countsByStatus = z.object(
  Object.fromEntries(CONTRIBUTION_STATUSES.map((status) => [status, z.number()])) as Record<
    (typeof CONTRIBUTION_STATUSES)[number],
    z.ZodNumber
  >,
);

/** One project's row of the engagement and projects tabs. */
export const analyticsProjectSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(["active", "completed", "archived"]),
  discipline: z.string(),
  classSize: z.number(),
  classSizeSource: z.enum(["methodology", "default"]),
  /** Every contribution to the project, by review status (all time). */
  contributions: countsByStatus.extend({ total: z.number() }),
  /** Contributions received in the range. */
  contributionsInRange: z.number(),
  /** Enrolled students active in the project in the range (practice, or a contribution or check-in sent signed in). */
  studentsInRange: z.number(),
  /** Reviews in the range of retrieval items on pivot cards linked to the project. */
  retrievalReviews: z.number(),
  /** Pivot cards linked to the project. */
  pivotCards: z.number(),
  /** The newest of: the project's last change, its last contribution, retrieval review or check-in. */
  lastActivity: isoDateTime,
  /** Cognitive load check-ins received in the range (how many; never their answers). */
  checkIns: z.number(),
});
export type AnalyticsProject = z.infer<typeof analyticsProjectSchema>;

/** An event in words, for the recent list. */
export const describedEventSchema = analyticsEventSchema.extend({ description: z.string() });
export type DescribedEvent = z.infer<typeof describedEventSchema>;

/**
 * GET /api/analytics/summary/:facultyId: spec B §3's Faculty analytics summary (activeProjects,
 * studentsEngaged, completionRate, avgRating) and what the cards and tabs show
 * (docs/decisions/0040-analytics-and-reports.md).
 */
export const analyticsSummarySchema = z.object({
  range: analyticsRangeSchema,
  from: isoDateTime,
  to: isoDateTime,
  activeProjects: z.number(),
  /** Distinct enrolled students active in one of the projects in the range (as studentsInRange). */
  studentsEngaged: z.number(),
  /** Completed over non-archived projects now, a whole percentage. */
  completionRate: z.number(),
  completionLabel: z.enum(["Excellent", "Good"]),
  /** Mean rating of one's conversions, one decimal (0 with none): also the Clarity Rating. */
  avgRating: z.number(),
  ratedConversions: z.number(),
  /** Students the active projects hold: each one's methodology class size, else 25. */
  classSizeTotal: z.number(),
  /** How many active projects gave their class size; the others count 25. */
  classSizesFromMethodology: z.number(),
  /** studentsEngaged over classSizeTotal, a whole percentage (at most 100). */
  engagementRate: z.number(),
  totalEvents: z.number(),
  eventsByType: countsByType,
  /** One entry per UTC day of the range, oldest first. */
  activityByDay: z.array(countsByType.extend({ date: z.string() })),
  /** Events of the range as a pace per 30 days. */
  growth: z.number(),
  objectivesConverted: z.number(),
  projectsLaunched: z.number(),
  /** Contributions received in the range, by review status. */
  contributionsByStatus: countsByStatus,
  focusScore: z.number(),
  engagementLevel: z.enum(["High", "Medium", "Low"]),
  recentEvents: z.array(describedEventSchema),
  projects: z.array(analyticsProjectSchema),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
