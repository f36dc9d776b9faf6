import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { studentKeys } from "./student-api.ts";

/** GET /api/student/projects/:id/team: the student's team and teammates, once published. */
export const studentTeamQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...studentKeys.project(id), "team"] as const,
    queryFn: ({ signal }) =>
      answerOf(api.GET("/api/student/projects/{id}/team", { params: { path: { id } }, signal })),
  });
export const useStudentTeam = (id: number) => useQuery(studentTeamQueryOptions(id));
