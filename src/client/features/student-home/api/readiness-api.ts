import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { studentKeys } from "./student-api.ts";

/** GET /api/student/projects/:id/readiness: the student's own concepts to strengthen before the launch. */
export const studentReadinessQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...studentKeys.project(id), "readiness"] as const,
    queryFn: ({ signal }) =>
      answerOf(api.GET("/api/student/projects/{id}/readiness", { params: { path: { id } }, signal })),
  });
export const useStudentReadiness = (id: number) => useQuery(studentReadinessQueryOptions(id));

/** GET /api/student/projects/:id/strengthen: a practice session of just the items to strengthen. */
export const getStrengthenSession = (id: number) =>
  answerOf(api.GET("/api/student/projects/{id}/strengthen", { params: { path: { id } } }));
