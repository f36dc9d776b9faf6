import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

// A student's practice: their due items, a grade, their progress.
export const practiceKeys = {
  all: ["student-practice"] as const,
  progress: ["student-practice", "progress"] as const,
};

/** The browser's zone, which decides "today" and the days in a row; UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** GET /api/student/practice/progress */
export const getStudentProgress = (signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/student/practice/progress", { params: { query: { tz: browserTimeZone() } }, signal }),
  );
export const studentProgressQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.progress, queryFn: ({ signal }) => getStudentProgress(signal) });
export const useStudentProgress = () => useQuery(studentProgressQueryOptions());

/** GET /api/student/practice/due: what is due now, in all of one's projects or in one. */
export const getStudentDue = (limit: number, projectId?: number) =>
  answerOf(
    api.GET("/api/student/practice/due", { params: { query: { tz: browserTimeZone(), limit, projectId } } }),
  );

/** POST /api/student/reviews */
export const gradeStudentItem = (itemId: number, rating: number) =>
  answerOf(api.POST("/api/student/reviews", { body: { itemId, rating } }));
