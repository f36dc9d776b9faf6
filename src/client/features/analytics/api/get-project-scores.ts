import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { analyticsKeys } from "./analytics-calls.ts";

/** GET /api/projects/:id/scores: the project's milestones with their spread, and each student's scores. */
export const getProjectScores = (projectId: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/scores", { params: { path: { id: projectId } }, signal }));
export const projectScoresQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: analyticsKeys.scores(projectId),
    queryFn: ({ signal }) => getProjectScores(projectId, signal),
    refetchOnMount: "always",
    retry: false,
  });
/** The scores of the picked project; nothing is asked before one is picked. */
export const useProjectScores = (projectId: number | undefined) =>
  useQuery({ ...projectScoresQueryOptions(projectId ?? 0), enabled: projectId !== undefined });
