import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { studentKeys } from "./student-api.ts";

// The student's milestones: a project's timeline and what is due across their projects.

export const studentMilestoneKeys = {
  project: (id: number) => [...studentKeys.project(id), "milestones"] as const,
  due: () => [...studentKeys.all, "milestones-due"] as const,
};

/** GET /api/student/projects/:id/milestones */
export const getStudentMilestones = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/student/projects/{id}/milestones", { params: { path: { id } }, signal }));
export const studentMilestonesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studentMilestoneKeys.project(id),
    queryFn: ({ signal }) => getStudentMilestones(id, signal),
  });
export const useStudentMilestones = (id: number) => useQuery(studentMilestonesQueryOptions(id));

/** GET /api/student/milestones/due */
export const getDueMilestones = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/student/milestones/due", { signal }));
export const dueMilestonesQueryOptions = () =>
  queryOptions({ queryKey: studentMilestoneKeys.due(), queryFn: ({ signal }) => getDueMilestones(signal) });
export const useDueMilestones = () => useQuery(dueMilestonesQueryOptions());
