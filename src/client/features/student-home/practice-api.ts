import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { StudentDueList, StudentPracticeItem, StudentProgress } from "#shared/schemas/student.ts";

// A student's practice: their due items, a grade, their progress.
export const practiceKeys = {
  all: ["/api/student/practice"] as const,
  progress: ["/api/student/practice", "progress"] as const,
};

/** The browser's zone, which decides "today" and the days in a row; UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export const useStudentProgress = () =>
  useQuery({
    queryKey: practiceKeys.progress,
    queryFn: ({ signal }) =>
      apiRequest<StudentProgress>(
        "GET",
        `/api/student/practice/progress?${new URLSearchParams({ tz: browserTimeZone() })}`,
        { signal },
      ),
  });

export function getStudentDue(limit: number, projectId?: number) {
  const query = new URLSearchParams({ tz: browserTimeZone(), limit: String(limit) });
  if (projectId !== undefined) query.set("projectId", String(projectId));
  return apiRequest<StudentDueList>("GET", `/api/student/practice/due?${query}`);
}

export const gradeStudentItem = (itemId: number, rating: number) =>
  apiRequest<StudentPracticeItem>("POST", "/api/student/reviews", { body: { itemId, rating } });
