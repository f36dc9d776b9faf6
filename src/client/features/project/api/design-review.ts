import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { DesignReviewInput } from "#shared/schemas/design-review.ts";

// The project screen's design review: the owner's review of their project design with a rubric.

export const designReviewKeys = {
  detail: (projectId: number) => [...projectKeys.detail(projectId), "design-review"] as const,
};

/** GET /api/projects/:id/design-review: the review (null before one is saved) and its rubric. */
export const getDesignReview = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/design-review", { params: { path: { id } }, signal }));
export const designReviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: designReviewKeys.detail(id),
    queryFn: ({ signal }) => getDesignReview(id, signal),
  });
export const useDesignReview = (id: number) => useQuery(designReviewQueryOptions(id));

/** PUT /api/projects/:id/design-review */
export const saveDesignReview = (id: number, body: DesignReviewInput) =>
  answerOf(api.PUT("/api/projects/{id}/design-review", { params: { path: { id } }, body }));

/** DELETE /api/projects/:id/design-review: start over. */
export const deleteDesignReview = (id: number) =>
  answerOf(api.DELETE("/api/projects/{id}/design-review", { params: { path: { id } } }));

export function useSaveDesignReview(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DesignReviewInput) => saveDesignReview(projectId, body),
    onSuccess: (saved) => queryClient.setQueryData(designReviewQueryOptions(projectId).queryKey, saved),
  });
}

export function useDeleteDesignReview(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDesignReview(projectId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: designReviewQueryOptions(projectId).queryKey }),
  });
}
