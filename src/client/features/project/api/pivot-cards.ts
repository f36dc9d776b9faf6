import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pivotKeys } from "#client/api/pivot-assets/pivot-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { CreatePivotCardInput } from "#shared/schemas/pivot-assets.ts";

// The project screen's Pivot Cards calls: drafts from its pivot concepts, creating them together,
// and attaching a card one already has. A change refreshes every Pivot Assets query.

/** GET /api/pivot-cards: one's cards, to offer those not yet linked to this project. */
export const getAttachableCards = (signal?: AbortSignal) => answerOf(api.GET("/api/pivot-cards", { signal }));
export const attachableCardsQueryOptions = () =>
  queryOptions({
    queryKey: pivotKeys.attachableCards(),
    queryFn: ({ signal }) => getAttachableCards(signal),
  });
export const useAttachableCards = () => useQuery(attachableCardsQueryOptions());

/** PUT /api/pivot-cards/:id/project: links a card to a project. */
export const attachCard = ({ cardId, projectId }: { cardId: number; projectId: number }) =>
  answerOf(
    api.PUT("/api/pivot-cards/{id}/project", { params: { path: { id: cardId } }, body: { projectId } }),
  );
export function useAttachCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pivotKeys.all }),
  });
}

/** GET /api/pivot-cards/drafts/project/:projectId: the project's pivot concepts as draft cards. */
export const getProjectDrafts = (projectId: number, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/pivot-cards/drafts/project/{projectId}", { params: { path: { projectId } }, signal }),
  );
/** Read afresh each time the dialog opens (nothing is saved until the cards are created). */
export const projectDraftsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: pivotKeys.drafts(projectId),
    queryFn: ({ signal }) => getProjectDrafts(projectId, signal),
    staleTime: 0,
  });

/** POST /api/pivot-cards/batch: the cards, created all or none. */
export const createCards = (cards: CreatePivotCardInput[]) =>
  answerOf(api.POST("/api/pivot-cards/batch", { body: { cards } }));
export function useCreateCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCards,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pivotKeys.all }),
  });
}
