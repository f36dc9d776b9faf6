// The figures of Analytics and Insights (spec B §9), as pure rules: the server computes the
// summary with them, the screen and the report word them (docs/decisions/0040-analytics-and-reports.md).
import {
  ANALYTICS_RANGE_DAYS,
  type AnalyticsRange,
  COMPLETION_EXCELLENT_ABOVE,
  DEFAULT_CLASS_SIZE,
  ENGAGEMENT_HIGH_ABOVE,
  ENGAGEMENT_MEDIUM_ABOVE,
  EVENT_TYPE_LABELS,
  type EventType,
} from "../constants.ts";
import type { Methodology } from "../schemas/projects.ts";
import { FIELD_LABELS } from "./wizard.ts";

const DAY_MS = 86_400_000;
/** The largest class size read from a methodology; more is taken as a typo, and 25 is used. */
const MAX_CLASS_SIZE = 10_000;

export interface RangeWindow {
  from: Date;
  to: Date;
  days: number;
}

/**
 * The window of a range: the last N × 24 hours up to `now`, both ends included. An event exactly
 * 7 days old is in 7d; one a millisecond older is not.
 */
export function rangeWindow(range: AnalyticsRange, now: Date): RangeWindow {
  const days = ANALYTICS_RANGE_DAYS[range];
  return { from: new Date(now.getTime() - days * DAY_MS), to: new Date(now.getTime()), days };
}

export const inWindow = (at: Date, window: RangeWindow) =>
  at.getTime() >= window.from.getTime() && at.getTime() <= window.to.getTime();

/** The UTC calendar days a window touches, oldest first ("YYYY-MM-DD"). */
export function windowDays(window: RangeWindow): string[] {
  const days: string[] = [];
  const start = Date.UTC(window.from.getUTCFullYear(), window.from.getUTCMonth(), window.from.getUTCDate());
  for (let at = start; at <= window.to.getTime(); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * Growth (spec B §9, "a monthly extrapolation of events in range"): the events of the range as a
 * pace per 30 days, whole. 14 events in 7 days make 60 a month; 100 in a year make 8.
 */
export const monthlyGrowth = (events: number, days: number) =>
  days <= 0 ? 0 : Math.round((events * 30) / days);

/** Focus Score: the completion rate divided by 10, rounded (0 to 10). */
export const focusScore = (completionRate: number) => Math.round(completionRate / 10);

export type EngagementLevel = "High" | "Medium" | "Low";
/** More than 50 events High, more than 20 Medium, otherwise Low. */
export function engagementLevel(events: number): EngagementLevel {
  if (events > ENGAGEMENT_HIGH_ABOVE) return "High";
  if (events > ENGAGEMENT_MEDIUM_ABOVE) return "Medium";
  return "Low";
}

/** Completion above 80 shows Excellent, otherwise Good (80 itself is Good). */
export const completionLabel = (completionRate: number): "Excellent" | "Good" =>
  completionRate > COMPLETION_EXCELLENT_ABOVE ? "Excellent" : "Good";

/**
 * The class size a methodology's free-text answer gives ("30", "about 40 students", "25-30": the
 * first whole number from 1 to 10,000), or null when it gives none.
 */
export function parseClassSize(text: string | null | undefined): number | null {
  const match = text?.match(/\d+/);
  if (!match) return null;
  const size = Number(match[0]);
  return size >= 1 && size <= MAX_CLASS_SIZE ? size : null;
}

/** A project's class size: its methodology's, else 25 (spec B §9), and which it is. */
export function classSizeOf(classSizeText: string | null | undefined): {
  size: number;
  source: "methodology" | "default";
} {
  const parsed = parseClassSize(classSizeText);
  return parsed === null
    ? { size: DEFAULT_CLASS_SIZE, source: "default" }
    : { size: parsed, source: "methodology" };
}

/** Students engaged as a whole percentage of the students the projects hold (0 with none, at most 100). */
export const engagementRate = (students: number, classSizes: number) =>
  classSizes <= 0 ? 0 : Math.min(100, Math.round((students / classSizes) * 100));

/** Completed projects over projects that are not archived, a whole percentage (the dashboard's rule). */
export const completionRate = (completed: number, counted: number) =>
  counted <= 0 ? 0 : Math.round((completed / counted) * 100);

const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/**
 * A changed field of a project_updated event in the spec's words: a methodology answer by its
 * wizard label ("methodology.pivotConcepts" is "core concepts"); the project's own fields, and
 * "methodology" as events recorded before answers were told apart, as they are.
 */
function fieldInWords(field: string): string {
  const answer = field.startsWith("methodology.") ? field.slice("methodology.".length) : undefined;
  const label =
    answer && Object.hasOwn(FIELD_LABELS, answer) ? FIELD_LABELS[answer as keyof Methodology] : undefined;
  return (label ?? field).toLowerCase();
}

/** An event in words a person reads: "Project Created: Harbour Study", "Student Contribution: a suggestion". */
export function describeEvent(
  eventType: EventType,
  data: Record<string, unknown>,
  /** The title of the project the event names, where the caller knows it (updates carry no title). */
  projectTitle?: string,
): string {
  const label = EVENT_TYPE_LABELS[eventType];
  switch (eventType) {
    case "project_created": {
      const title = text(data.title);
      return title ? `${label}: ${title}` : label;
    }
    case "project_updated": {
      const fields = Array.isArray(data.fields)
        ? [...new Set(data.fields.filter((field) => typeof field === "string").map(fieldInWords))]
        : [];
      const title = text(projectTitle) ?? text(data.title);
      const what = fields.length > 0 ? `changed ${fields.join(", ")}` : undefined;
      return [label, [title, what].filter(Boolean).join(", ")].filter(Boolean).join(": ");
    }
    case "objective_converted": {
      const discipline = text(data.discipline);
      return discipline ? `${label}: ${discipline}` : label;
    }
    case "template_used": {
      const name = text(data.templateName);
      return name ? `${label}: ${name}` : label;
    }
    case "collaboration_added": {
      const kind = text(data.contributionType);
      const project = text(projectTitle);
      if (!kind) return project ? `${label} to ${project}` : label;
      return project ? `${label}: a ${kind} on ${project}` : `${label}: a ${kind}`;
    }
  }
}
