import { DEFAULT_SEMESTER_DAYS, type Timeframe } from "./cognitive-load.ts";

// Time: the periods a summary compares and the buckets of its charts, in whole UTC days.

const DAY = 86_400_000;

const startOfUtcDay = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/**
 * The first day (UTC midnight) of the current period and of the previous one of the same length,
 * or null for all time. Periods are whole UTC days ending today: "7d" is today and the 6 days before,
 * "30d" today and the 29 before, "semester" from its start date through today.
 */
export function periodOf(
  timeframe: Timeframe,
  now: Date,
  semesterStart: Date,
): { from: Date | null; previousFrom: Date | null } {
  const today = startOfUtcDay(now);
  const from =
    timeframe === "7d"
      ? today - 6 * DAY
      : timeframe === "30d"
        ? today - 29 * DAY
        : timeframe === "semester"
          ? Math.min(today, startOfUtcDay(semesterStart))
          : null;
  if (from === null) return { from: null, previousFrom: null };
  const length = today - from + DAY;
  return { from: new Date(from), previousFrom: new Date(from - length) };
}

/** A day (YYYY-MM-DD) as a Date at UTC midnight, and back. */
export const dayString = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (YYYY-MM-DD) of the week of a day, for weekly chart points. */
export function weekOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return dayString(new Date(at.getTime() - sinceMonday * DAY));
}

/** The default semester start: 120 days before `now`, as a date (YYYY-MM-DD, UTC). */
export const defaultSemesterStart = (now: Date) =>
  new Date(now.getTime() - DEFAULT_SEMESTER_DAYS * DAY).toISOString().slice(0, 10);

/** Buckets of the Detailed Metrics chart: days for 7 and 30 days, weeks beyond. */
export const bucketOf = (timeframe: Timeframe): "day" | "week" =>
  timeframe === "7d" || timeframe === "30d" ? "day" : "week";
