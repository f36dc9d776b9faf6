import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiFetch, apiPage, apiRequest } from "#client/lib/api-client.ts";
import { readNdjson } from "#client/lib/ndjson.ts";
import { PAGE_LIMIT_MAX } from "#shared/schemas/common.ts";
import {
  CORRECTED_QUERY_HEADER,
  type CreateKnowledgeEntryInput,
  type KnowledgeAskEvent,
  type KnowledgeAskInput,
  type KnowledgeEntry,
  type KnowledgeEntrySummary,
  type KnowledgeEntryView,
  type KnowledgeFileType,
  type KnowledgeHit,
  type KnowledgeScope,
  type KnowledgeStats,
  type UpdateKnowledgeEntryInput,
} from "#shared/schemas/knowledge-base.ts";
import { matchesFilters } from "../knowledge-rules.ts";

// The Knowledge Base's calls, with the shapes of src/shared/schemas/knowledge-base.ts.

export const knowledgeKeys = {
  all: ["knowledge-base"] as const,
  list: (facultyId: number) => [...knowledgeKeys.all, "faculty", facultyId] as const,
  search: (facultyId: number) => [...knowledgeKeys.all, "search", facultyId] as const,
  stats: () => [...knowledgeKeys.all, "stats"] as const,
  entry: (id: number) => [...knowledgeKeys.all, "entry", id] as const,
};

/** How often the list is asked again while an entry's file is queued or being read. */
export const STATUS_POLL_MS = 2000;

export const isProcessing = (entry: Pick<KnowledgeEntrySummary, "status">) =>
  entry.status === "pending" || entry.status === "processing";

/**
 * GET /api/knowledge-base/faculty/:facultyId: a page of one's entries, or (scope institution) of
 * the entries colleagues share, newest first.
 */
export function useKnowledgeList(
  facultyId: number | undefined,
  page: { limit: number; offset: number; scope: KnowledgeScope },
) {
  return useQuery({
    queryKey: [...knowledgeKeys.list(facultyId ?? 0), page],
    queryFn: ({ signal }) =>
      apiPage<KnowledgeEntrySummary>(`/api/knowledge-base/faculty/${facultyId}`, page, signal),
    enabled: facultyId !== undefined,
    placeholderData: keepPreviousData,
    // Poll while an entry's file is still being read: its content, passages and status change.
    refetchInterval: (query) => (query.state.data?.items.some(isProcessing) ? STATUS_POLL_MS : false),
  });
}

export interface KnowledgeSearch {
  query: string;
  tags: readonly string[];
  fileTypes: readonly KnowledgeFileType[];
  scope: KnowledgeScope;
}

/** The search call's address: empty parts are left out. */
export function searchUrl(facultyId: number, search: KnowledgeSearch, limit?: number): string {
  const params = new URLSearchParams();
  params.set("query", search.query);
  if (search.tags.length > 0) params.set("tags", search.tags.join(","));
  if (search.fileTypes.length > 0) params.set("fileType", search.fileTypes.join(","));
  params.set("scope", search.scope);
  if (limit !== undefined) params.set("limit", String(limit));
  return `/api/knowledge-base/search/${facultyId}?${params}`;
}

/** A search's hits, and the respelt words they were found by when the words as typed found nothing. */
export interface KnowledgeSearchAnswer {
  /** The query as typed. */
  query: string;
  hits: KnowledgeHit[];
  correctedQuery: string | null;
}

/** GET /api/knowledge-base/search/:facultyId: the list of hits and its X-Corrected-Query header. */
export async function fetchKnowledgeSearch(
  facultyId: number,
  search: KnowledgeSearch,
  signal?: AbortSignal,
): Promise<KnowledgeSearchAnswer> {
  const response = await apiFetch("GET", searchUrl(facultyId, search), { signal });
  const corrected = response.headers.get(CORRECTED_QUERY_HEADER);
  return {
    query: search.query,
    hits: (await response.json()) as KnowledgeHit[],
    correctedQuery: corrected ? decodeURIComponent(corrected) : null,
  };
}

/** The search's hits, best first (and any respelling used). Off while `search` is null. */
export function useKnowledgeSearch(facultyId: number | undefined, search: KnowledgeSearch | null) {
  return useQuery({
    queryKey: [...knowledgeKeys.search(facultyId ?? 0), search],
    queryFn: ({ signal }) => fetchKnowledgeSearch(facultyId ?? 0, search as KnowledgeSearch, signal),
    enabled: facultyId !== undefined && search !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.hits.some(isProcessing) ? STATUS_POLL_MS : false),
  });
}

/** The most entries the Filters panel reads to filter without a query (10 pages of 100). */
export const FILTER_READ_LIMIT = 1000;

/**
 * The entries of a scope (one's own, or colleagues' shared ones) holding every tag of `tags` and,
 * when `fileTypes` is not empty, of one of those types: the search answers a blank query with
 * nothing, so with filters and no query the screen reads the scope's list (newest first, at most
 * FILTER_READ_LIMIT entries) and keeps the matching ones.
 */
export function useFilteredKnowledge(
  facultyId: number | undefined,
  filters: { tags: readonly string[]; fileTypes: readonly KnowledgeFileType[]; scope: KnowledgeScope } | null,
) {
  return useQuery({
    queryKey: [...knowledgeKeys.list(facultyId ?? 0), "filtered", filters],
    queryFn: async ({ signal }) => {
      const all: KnowledgeEntrySummary[] = [];
      let total = 0;
      do {
        const page = await apiPage<KnowledgeEntrySummary>(
          `/api/knowledge-base/faculty/${facultyId}`,
          { limit: PAGE_LIMIT_MAX, offset: all.length, scope: filters?.scope ?? "own" },
          signal,
        );
        total = page.total;
        all.push(...page.items);
        if (page.items.length === 0) break;
      } while (all.length < total && all.length < FILTER_READ_LIMIT);
      return {
        items: matchesFilters(all, filters ?? { tags: [], fileTypes: [] }),
        partial: all.length < total,
      };
    },
    enabled: facultyId !== undefined && filters !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isProcessing) ? STATUS_POLL_MS : false),
  });
}

/** GET /api/knowledge-base/stats: the Stats and Filters panels. */
export function useKnowledgeStats(polling: boolean) {
  return useQuery({
    queryKey: knowledgeKeys.stats(),
    queryFn: ({ signal }) => apiRequest<KnowledgeStats>("GET", "/api/knowledge-base/stats", { signal }),
    refetchInterval: polling ? STATUS_POLL_MS : false,
  });
}

/**
 * When the list says no entry is being read any more (`reading` turns false), everything shown is
 * asked again: the figures (their last poll may have come just before), and a search or a filtered
 * list made while the file was read, which could not find its text and passages yet and, with no
 * entry of its own being read, does not poll.
 */
export function useRefreshWhenRead(reading: boolean) {
  const queryClient = useQueryClient();
  const wasReading = useRef(reading);
  useEffect(() => {
    if (wasReading.current && !reading) void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    wasReading.current = reading;
  }, [reading, queryClient]);
}

/**
 * GET /api/knowledge-base/:id: the whole entry (the list carries the first characters only), one's
 * own or one a colleague shares, with its owner's name.
 */
export function useKnowledgeEntry(id: number | null) {
  return useQuery({
    queryKey: knowledgeKeys.entry(id ?? 0),
    queryFn: ({ signal }) => apiRequest<KnowledgeEntryView>("GET", `/api/knowledge-base/${id}`, { signal }),
    enabled: id !== null,
    refetchOnMount: "always",
  });
}

/** POST /api/knowledge-base (spec B §7). */
export const createKnowledgeEntry = (
  input: Partial<CreateKnowledgeEntryInput> & { title: string; content: string },
) => apiRequest<KnowledgeEntry>("POST", "/api/knowledge-base", { body: input });

/** spec B §4: add, edit or delete refreshes the list, the search results and the figures. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
}

export function useCreateKnowledgeEntry() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: createKnowledgeEntry, onSuccess: refresh });
}

export function useUpdateKnowledgeEntry() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateKnowledgeEntryInput }) =>
      apiRequest<KnowledgeEntry>("PUT", `/api/knowledge-base/${id}`, { body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteKnowledgeEntry() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>("DELETE", `/api/knowledge-base/${id}`),
    onSuccess: refresh,
  });
}

export { useRefreshAll as useRefreshKnowledge };

/**
 * POST /api/knowledge-base/ask: reads the NDJSON stream, handing each event to `onEvent` as it
 * arrives; resolves with the final `done` event.
 */
export async function askKnowledgeBase(
  input: KnowledgeAskInput,
  onEvent: (event: KnowledgeAskEvent) => void,
  signal?: AbortSignal,
): Promise<Extract<KnowledgeAskEvent, { type: "done" }>> {
  const response = await apiFetch("POST", "/api/knowledge-base/ask", { body: input, signal });
  if (!response.body) throw new Error("The answer came without a body.");
  let done: Extract<KnowledgeAskEvent, { type: "done" }> | undefined;
  await readNdjson(response.body, (value) => {
    const event = value as KnowledgeAskEvent;
    if (event.type === "done") done = event;
    onEvent(event);
  });
  if (!done) throw new Error("The answer stopped before it finished.");
  return done;
}
