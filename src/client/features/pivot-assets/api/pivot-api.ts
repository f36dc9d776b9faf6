import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pivotKeys } from "#client/api/pivot-assets/pivot-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type {
  CreatePivotCardInput,
  CreateRetrievalItemInput,
  CreateWorkedExampleInput,
} from "#shared/schemas/pivot-assets.ts";

// The Pivot Assets screen's calls: for each, the call, its query options and its hook. Answers
// are typed by the server's route schemas (src/client/api/schema.d.ts).

/** The browser's IANA time zone: Due Today, Overdue and the week are counted in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export { pivotKeys };

export interface CardFilter {
  q?: string | undefined;
  discipline?: string | undefined;
}

/** An empty filter value is not sent. */
const given = (value: string | undefined) => value || undefined;

/** GET /api/disciplines */
export const getDisciplines = (signal?: AbortSignal) => answerOf(api.GET("/api/disciplines", { signal }));
export const disciplinesQueryOptions = () =>
  queryOptions({ queryKey: pivotKeys.disciplines(), queryFn: ({ signal }) => getDisciplines(signal) });
export const useDisciplines = () => useQuery(disciplinesQueryOptions());

/** GET /api/pivot-cards: the cards matching the words and discipline. */
export const getPivotCards = (filter: CardFilter, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/pivot-cards", {
      params: { query: { q: given(filter.q), discipline: given(filter.discipline) } },
      signal,
    }),
  );
export const pivotCardsQueryOptions = (filter: CardFilter) =>
  queryOptions({
    queryKey: pivotKeys.cards(filter),
    queryFn: ({ signal }) => getPivotCards(filter, signal),
    placeholderData: (previous) => previous,
  });
export const usePivotCards = (filter: CardFilter) => useQuery(pivotCardsQueryOptions(filter));

/** GET /api/worked-examples */
export const getWorkedExamples = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/worked-examples", { signal }));
export const workedExamplesQueryOptions = () =>
  queryOptions({ queryKey: pivotKeys.examples(), queryFn: ({ signal }) => getWorkedExamples(signal) });
export const useWorkedExamples = () => useQuery(workedExamplesQueryOptions());

/** GET /api/retrieval-items: every item, with its schedule in the browser's time zone. */
export const getRetrievalItems = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/retrieval-items", { params: { query: { tz: browserTimeZone() } }, signal }));
export const retrievalItemsQueryOptions = () =>
  queryOptions({ queryKey: pivotKeys.items(), queryFn: ({ signal }) => getRetrievalItems(signal) });
export const useRetrievalItems = () => useQuery(retrievalItemsQueryOptions());

/** GET /api/pivot-assets/stats: the figures, counted in the browser's time zone. */
export const getPivotStats = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/pivot-assets/stats", { params: { query: { tz: browserTimeZone() } }, signal }));
export const pivotStatsQueryOptions = () =>
  queryOptions({ queryKey: pivotKeys.stats(), queryFn: ({ signal }) => getPivotStats(signal) });
export const usePivotStats = () => useQuery(pivotStatsQueryOptions());

/** GET /api/pivot-assets/settings */
export const getPivotSettings = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/pivot-assets/settings", { signal }));
export const pivotSettingsQueryOptions = () =>
  queryOptions({ queryKey: pivotKeys.settings(), queryFn: ({ signal }) => getPivotSettings(signal) });
export const usePivotSettings = () => useQuery(pivotSettingsQueryOptions());

/** A mutation whose success refreshes every Pivot Assets query (cards, items, figures). */
function usePivotMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pivotKeys.all }),
  });
}

/** POST /api/disciplines */
export const createDiscipline = (name: string) => answerOf(api.POST("/api/disciplines", { body: { name } }));
export const useCreateDiscipline = () => usePivotMutation(createDiscipline);

/** POST /api/pivot-cards, or PUT /api/pivot-cards/:id for a card that exists. */
export const saveCard = ({ id, input }: { id?: number | undefined; input: CreatePivotCardInput }) =>
  id === undefined
    ? answerOf(api.POST("/api/pivot-cards", { body: input }))
    : answerOf(api.PUT("/api/pivot-cards/{id}", { params: { path: { id } }, body: input }));
export const useSaveCard = () => usePivotMutation(saveCard);

/** DELETE /api/pivot-cards/:id */
export const deleteCard = (id: number) =>
  answerOf(api.DELETE("/api/pivot-cards/{id}", { params: { path: { id } } }));
export const useDeleteCard = () => usePivotMutation(deleteCard);

/** POST /api/worked-examples, or PUT /api/worked-examples/:id for an example that exists. */
export const saveExample = ({ id, input }: { id?: number | undefined; input: CreateWorkedExampleInput }) =>
  id === undefined
    ? answerOf(api.POST("/api/worked-examples", { body: input }))
    : answerOf(api.PUT("/api/worked-examples/{id}", { params: { path: { id } }, body: input }));
export const useSaveExample = () => usePivotMutation(saveExample);

/** DELETE /api/worked-examples/:id */
export const deleteExample = (id: number) =>
  answerOf(api.DELETE("/api/worked-examples/{id}", { params: { path: { id } } }));
export const useDeleteExample = () => usePivotMutation(deleteExample);

/** POST /api/retrieval-items, or PUT /api/retrieval-items/:id for an item that exists. */
export const saveItem = ({ id, input }: { id?: number | undefined; input: CreateRetrievalItemInput }) =>
  id === undefined
    ? answerOf(api.POST("/api/retrieval-items", { body: input }))
    : answerOf(api.PUT("/api/retrieval-items/{id}", { params: { path: { id } }, body: input }));
export const useSaveItem = () => usePivotMutation(saveItem);

/** DELETE /api/retrieval-items/:id */
export const deleteItem = (id: number) =>
  answerOf(api.DELETE("/api/retrieval-items/{id}", { params: { path: { id } } }));
export const useDeleteItem = () => usePivotMutation(deleteItem);

/** POST /api/retrieval-items/accepted: the suggested items a person kept. */
export const acceptItems = (items: CreateRetrievalItemInput[]) =>
  answerOf(api.POST("/api/retrieval-items/accepted", { body: { items } }));
export const useAcceptItems = () => usePivotMutation(acceptItems);

/** PUT /api/pivot-assets/settings */
export const saveSettings = (desiredRetention: number) =>
  answerOf(api.PUT("/api/pivot-assets/settings", { body: { desiredRetention } }));
export const useSaveSettings = () => usePivotMutation(saveSettings);

/** POST /api/pivot-cards/:id/suggestions: drafts only; nothing is saved until accepted. */
export const suggestItems = (cardId: number, signal?: AbortSignal) =>
  answerOf(api.POST("/api/pivot-cards/{id}/suggestions", { params: { path: { id: cardId } }, signal }));
export type Suggestions = Awaited<ReturnType<typeof suggestItems>>;

/** Draft items for a card, as a mutation (nothing is saved until they are accepted). */
export const useSuggestItems = () => useMutation({ mutationFn: (cardId: number) => suggestItems(cardId) });

/** GET /api/retrieval-items/due: what is due now, disciplines interleaved. */
export const getDueItems = (limit = 50) =>
  answerOf(api.GET("/api/retrieval-items/due", { params: { query: { tz: browserTimeZone(), limit } } }));

/** POST /api/retrieval-items/:id/reviews */
export const reviewItem = (id: number, rating: 1 | 2 | 3 | 4) =>
  answerOf(api.POST("/api/retrieval-items/{id}/reviews", { params: { path: { id } }, body: { rating } }));

/** DELETE /api/retrieval-items/:id/reviews/last */
export const undoReview = (id: number) =>
  answerOf(api.DELETE("/api/retrieval-items/{id}/reviews/last", { params: { path: { id } } }));

/** POST /api/pivot-cards/import: what the CSV adds (saved only when not a dry run). */
export const importCards = (csv: string, dryRun: boolean) =>
  answerOf(
    api.POST("/api/pivot-cards/import", {
      params: { query: { dryRun: dryRun ? "true" : "false" } },
      body: { csv },
    }),
  );
export type ImportResult = Awaited<ReturnType<typeof importCards>>;

/** The import as a mutation: a dry run previews; a real one refreshes the screen's cards. */
export function useImportCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importCards(csv, dryRun),
    onSuccess: (_result, { dryRun }) =>
      dryRun ? undefined : queryClient.invalidateQueries({ queryKey: pivotKeys.all }),
  });
}

/** GET /api/pivot-cards/export: the file, named by the server, handed to the browser. */
export async function exportCards(format: "csv" | "anki") {
  const { response } = await api.GET("/api/pivot-cards/export", {
    params: { query: { format } },
    parseAs: "stream",
  });
  const fallback = format === "csv" ? "pivot-cards.csv" : "pivot-cards-anki.txt";
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), fallback),
  );
}

/** GET /api/pivot-cards/drafts/project/:projectId */
export const getProjectDrafts = (projectId: number) =>
  answerOf(api.GET("/api/pivot-cards/drafts/project/{projectId}", { params: { path: { projectId } } }));
