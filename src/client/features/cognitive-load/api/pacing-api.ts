import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type {
  ApplyPacingAction,
  PacingSuggestionsQuery,
  ScheduleReviewSession,
} from "#shared/schemas/cognitive-load-pacing.ts";
import { cognitiveLoadKeys } from "./cognitive-load-api.ts";

export const pacingKeys = {
  all: [...cognitiveLoadKeys.all, "pacing"] as const,
  suggestions: (projectId: number, query: PacingSuggestionsQuery) =>
    [...pacingKeys.all, projectId, query] as const,
};

/** GET /api/projects/:id/pacing-suggestions: the project's interventions with actions, and those applied. */
export const getPacingSuggestions = (
  projectId: number,
  query: PacingSuggestionsQuery,
  signal?: AbortSignal,
) =>
  answerOf(
    api.GET("/api/projects/{id}/pacing-suggestions", { params: { path: { id: projectId }, query }, signal }),
  );
export const pacingSuggestionsQueryOptions = (projectId: number, query: PacingSuggestionsQuery) =>
  queryOptions({
    queryKey: pacingKeys.suggestions(projectId, query),
    queryFn: ({ signal }) => getPacingSuggestions(projectId, query, signal),
  });
export const usePacingSuggestions = (projectId: number, query: PacingSuggestionsQuery) =>
  useQuery(pacingSuggestionsQueryOptions(projectId, query));

const useInvalidatingPacing = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pacingKeys.all }),
  });
};

/** POST /api/projects/:id/pacing-actions: "Mark as applied" of a link action. */
export const applyPacingAction = ({ projectId, body }: { projectId: number; body: ApplyPacingAction }) =>
  answerOf(api.POST("/api/projects/{id}/pacing-actions", { params: { path: { id: projectId } }, body }));
export const useApplyPacingAction = () => useInvalidatingPacing(applyPacingAction);

/** POST /api/projects/:id/pacing-actions/review-session: the one-click pivot review session. */
export const scheduleReviewSession = ({
  projectId,
  body,
}: {
  projectId: number;
  body: ScheduleReviewSession;
}) =>
  answerOf(
    api.POST("/api/projects/{id}/pacing-actions/review-session", {
      params: { path: { id: projectId } },
      body,
    }),
  );
export const useScheduleReviewSession = () => useInvalidatingPacing(scheduleReviewSession);

/** DELETE /api/projects/:id/pacing-actions/:actionId: undoes an action's record. */
export const undoPacingAction = ({ projectId, actionId }: { projectId: number; actionId: number }) =>
  answerOf(
    api.DELETE("/api/projects/{id}/pacing-actions/{actionId}", {
      params: { path: { id: projectId, actionId } },
    }),
  );
export const useUndoPacingAction = () => useInvalidatingPacing(undoPacingAction);

/** PATCH /api/projects/:id/pacing: turns the project's suggestions on or off. */
export const setSuggestions = ({ projectId, on }: { projectId: number; on: boolean }) =>
  answerOf(
    api.PATCH("/api/projects/{id}/pacing", {
      params: { path: { id: projectId } },
      body: { suggestions: on },
    }),
  );
export const useSetSuggestions = () => useInvalidatingPacing(setSuggestions);
