import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, apiRequest } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type {
  CreatePivotCardInput,
  CreateRetrievalItemInput,
  CreateWorkedExampleInput,
  Discipline,
  importResultSchema,
  PivotCard,
  PivotStats,
  pivotCardCreatedSchema,
  RetrievalItem,
  suggestionsSchema,
  WorkedExample,
} from "#shared/schemas/pivot-assets.ts";

export type PivotCardCreated = z.infer<typeof pivotCardCreatedSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type Suggestions = z.infer<typeof suggestionsSchema>;
export type CardDraft = { title: string; discipline: string; definition: string; projectId: number };

/** The browser's IANA time zone: Due Today, Overdue and the week are counted in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Every key starts with `all`: a change anywhere refreshes every figure on the screen. */
export const pivotKeys = {
  all: ["/api/pivot-assets"] as const,
  disciplines: () => [...pivotKeys.all, "disciplines"] as const,
  cards: (filter: CardFilter) => [...pivotKeys.all, "cards", filter] as const,
  examples: () => [...pivotKeys.all, "examples"] as const,
  items: () => [...pivotKeys.all, "items"] as const,
  stats: () => [...pivotKeys.all, "stats"] as const,
  settings: () => [...pivotKeys.all, "settings"] as const,
};

export interface CardFilter {
  q?: string | undefined;
  discipline?: string | undefined;
}

const query = (values: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
};

export const useDisciplines = () =>
  useQuery({
    queryKey: pivotKeys.disciplines(),
    queryFn: ({ signal }) => apiRequest<Discipline[]>("GET", "/api/disciplines", { signal }),
  });

export const usePivotCards = (filter: CardFilter) =>
  useQuery({
    queryKey: pivotKeys.cards(filter),
    queryFn: ({ signal }) =>
      apiRequest<PivotCard[]>(
        "GET",
        `/api/pivot-cards${query({ q: filter.q, discipline: filter.discipline })}`,
        {
          signal,
        },
      ),
    placeholderData: (previous) => previous,
  });

export const useWorkedExamples = () =>
  useQuery({
    queryKey: pivotKeys.examples(),
    queryFn: ({ signal }) => apiRequest<WorkedExample[]>("GET", "/api/worked-examples", { signal }),
  });

export const useRetrievalItems = () =>
  useQuery({
    queryKey: pivotKeys.items(),
    queryFn: ({ signal }) =>
      apiRequest<RetrievalItem[]>("GET", `/api/retrieval-items${query({ tz: browserTimeZone() })}`, {
        signal,
      }),
  });

export const usePivotStats = () =>
  useQuery({
    queryKey: pivotKeys.stats(),
    queryFn: ({ signal }) =>
      apiRequest<PivotStats>("GET", `/api/pivot-assets/stats${query({ tz: browserTimeZone() })}`, { signal }),
  });

export const usePivotSettings = () =>
  useQuery({
    queryKey: pivotKeys.settings(),
    queryFn: ({ signal }) =>
      apiRequest<{ desiredRetention: number }>("GET", "/api/pivot-assets/settings", { signal }),
  });

/** A mutation whose success refreshes every Pivot Assets query (cards, items, figures). */
function usePivotMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pivotKeys.all }),
  });
}

export const useCreateDiscipline = () =>
  usePivotMutation((name: string) =>
    apiRequest<Discipline & { message: string }>("POST", "/api/disciplines", { body: { name } }),
  );

export const useSaveCard = () =>
  usePivotMutation(({ id, input }: { id?: number | undefined; input: CreatePivotCardInput }) =>
    id === undefined
      ? apiRequest<PivotCardCreated>("POST", "/api/pivot-cards", { body: input })
      : apiRequest<PivotCard>("PUT", `/api/pivot-cards/${id}`, { body: input }),
  );

export const useDeleteCard = () =>
  usePivotMutation((id: number) => apiRequest<void>("DELETE", `/api/pivot-cards/${id}`));

export const useSaveExample = () =>
  usePivotMutation(({ id, input }: { id?: number | undefined; input: CreateWorkedExampleInput }) =>
    id === undefined
      ? apiRequest<WorkedExample>("POST", "/api/worked-examples", { body: input })
      : apiRequest<WorkedExample>("PUT", `/api/worked-examples/${id}`, { body: input }),
  );

export const useDeleteExample = () =>
  usePivotMutation((id: number) => apiRequest<void>("DELETE", `/api/worked-examples/${id}`));

export const useSaveItem = () =>
  usePivotMutation(({ id, input }: { id?: number | undefined; input: CreateRetrievalItemInput }) =>
    id === undefined
      ? apiRequest<RetrievalItem>("POST", "/api/retrieval-items", { body: input })
      : apiRequest<RetrievalItem>("PUT", `/api/retrieval-items/${id}`, { body: input }),
  );

export const useDeleteItem = () =>
  usePivotMutation((id: number) => apiRequest<void>("DELETE", `/api/retrieval-items/${id}`));

export const useAcceptItems = () =>
  usePivotMutation((items: CreateRetrievalItemInput[]) =>
    apiRequest<RetrievalItem[]>("POST", "/api/retrieval-items/accepted", { body: { items } }),
  );

export const useSaveSettings = () =>
  usePivotMutation((desiredRetention: number) =>
    apiRequest<{ desiredRetention: number }>("PUT", "/api/pivot-assets/settings", {
      body: { desiredRetention },
    }),
  );

/** POST /api/pivot-cards/:id/suggestions: drafts only; nothing is saved until accepted. */
export const suggestItems = (cardId: number, signal?: AbortSignal) =>
  apiRequest<Suggestions>("POST", `/api/pivot-cards/${cardId}/suggestions`, { signal });

/** GET /api/retrieval-items/due: what is due now, disciplines interleaved. */
export const getDueItems = (limit = 50) =>
  apiRequest<{ total: number; items: RetrievalItem[] }>(
    "GET",
    `/api/retrieval-items/due${query({ tz: browserTimeZone(), limit: String(limit) })}`,
  );

export const reviewItem = (id: number, rating: 1 | 2 | 3 | 4) =>
  apiRequest<RetrievalItem>("POST", `/api/retrieval-items/${id}/reviews`, { body: { rating } });

export const undoReview = (id: number) =>
  apiRequest<RetrievalItem>("DELETE", `/api/retrieval-items/${id}/reviews/last`);

export const importCards = (csv: string, dryRun: boolean) =>
  apiRequest<ImportResult>("POST", `/api/pivot-cards/import?dryRun=${dryRun}`, { body: { csv } });

/** GET /api/pivot-cards/export: the file, named by the server, handed to the browser. */
export async function exportCards(format: "csv" | "anki") {
  const response = await apiFetch("GET", `/api/pivot-cards/export?format=${format}`);
  const fallback = format === "csv" ? "pivot-cards.csv" : "pivot-cards-anki.txt";
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), fallback),
  );
}

export const getProjectDrafts = (projectId: number) =>
  apiRequest<CardDraft[]>("GET", `/api/pivot-cards/drafts/project/${projectId}`);
