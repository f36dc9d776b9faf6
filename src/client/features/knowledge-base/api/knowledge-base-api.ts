import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { answerOf, api, pageOf, type RequestBodyOf } from "#client/lib/api-client.ts";
import { readNdjson } from "#client/lib/ndjson.ts";
import { PAGE_LIMIT_MAX } from "#shared/schemas/common.ts";
import {
  CORRECTED_QUERY_HEADER,
  type CreateKnowledgeEntryInput,
  type KnowledgeAskEvent,
  type KnowledgeEntrySummary,
  type KnowledgeFileType,
  type KnowledgeScope,
  type UpdateKnowledgeEntryInput,
} from "#shared/schemas/knowledge-base.ts";
import { matchesFilters } from "../knowledge-rules.ts";

// The Knowledge Base's calls, typed by the server's route schemas (src/client/api/schema.d.ts).

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

export interface KnowledgePage {
  limit: number;
  offset: number;
  scope: KnowledgeScope;
}

export const getKnowledgeList = (facultyId: number, page: KnowledgePage, signal?: AbortSignal) =>
  pageOf(
    api.GET("/api/knowledge-base/faculty/{facultyId}", {
      params: { path: { facultyId }, query: page },
      signal,
    }),
  );

export const knowledgeListQueryOptions = (facultyId: number, page: KnowledgePage) =>
  queryOptions({
    queryKey: [...knowledgeKeys.list(facultyId), page],
    queryFn: ({ signal }) => getKnowledgeList(facultyId, page, signal),
  });

/**
 * GET /api/knowledge-base/faculty/:facultyId: a page of one's entries, or (scope institution) of
 * the entries colleagues share, newest first.
 */
export function useKnowledgeList(facultyId: number | undefined, page: KnowledgePage) {
  return useQuery({
    ...knowledgeListQueryOptions(facultyId ?? 0, page),
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

/** The search call's query: empty parts are left out. */
function searchQuery(search: KnowledgeSearch, limit?: number) {
  return {
    query: search.query,
    tags: search.tags.length > 0 ? search.tags.join(",") : undefined,
    fileType: search.fileTypes.length > 0 ? search.fileTypes.join(",") : undefined,
    scope: search.scope,
    limit,
  };
}

/** GET /api/knowledge-base/search/:facultyId: the list of hits and its X-Corrected-Query header. */
export async function fetchKnowledgeSearch(facultyId: number, search: KnowledgeSearch, signal?: AbortSignal) {
  const call = api.GET("/api/knowledge-base/search/{facultyId}", {
    params: { path: { facultyId }, query: searchQuery(search) },
    signal,
  });
  const hits = await answerOf(call);
  const corrected = (await call).response.headers.get(CORRECTED_QUERY_HEADER);
  return { query: search.query, hits, correctedQuery: corrected ? decodeURIComponent(corrected) : null };
}

/** A search's hits, and the respelt words they were found by when the words as typed found nothing. */
export type KnowledgeSearchAnswer = Awaited<ReturnType<typeof fetchKnowledgeSearch>>;

export const knowledgeSearchQueryOptions = (facultyId: number, search: KnowledgeSearch) =>
  queryOptions({
    queryKey: [...knowledgeKeys.search(facultyId), search],
    queryFn: ({ signal }) => fetchKnowledgeSearch(facultyId, search, signal),
  });

/** The search's hits, best first (and any respelling used). Off while `search` is null. */
export function useKnowledgeSearch(facultyId: number | undefined, search: KnowledgeSearch | null) {
  const empty: KnowledgeSearch = { query: "", tags: [], fileTypes: [], scope: "own" };
  return useQuery({
    ...knowledgeSearchQueryOptions(facultyId ?? 0, search ?? empty),
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
        const page = await getKnowledgeList(
          facultyId ?? 0,
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
export const getKnowledgeStats = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/knowledge-base/stats", { signal }));
export const knowledgeStatsQueryOptions = () =>
  queryOptions({ queryKey: knowledgeKeys.stats(), queryFn: ({ signal }) => getKnowledgeStats(signal) });
export function useKnowledgeStats(polling: boolean) {
  return useQuery({
    ...knowledgeStatsQueryOptions(),
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
export const getKnowledgeEntry = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/knowledge-base/{id}", { params: { path: { id } }, signal }));
export const knowledgeEntryQueryOptions = (id: number) =>
  queryOptions({ queryKey: knowledgeKeys.entry(id), queryFn: ({ signal }) => getKnowledgeEntry(id, signal) });
export function useKnowledgeEntry(id: number | null) {
  return useQuery({
    ...knowledgeEntryQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchOnMount: "always",
  });
}

/** POST /api/knowledge-base (spec B §7). */
export const createKnowledgeEntry = (
  input: Partial<CreateKnowledgeEntryInput> & { title: string; content: string },
) => answerOf(api.POST("/api/knowledge-base", { body: input }));

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
      answerOf(api.PUT("/api/knowledge-base/{id}", { params: { path: { id } }, body: input })),
    onSuccess: refresh,
  });
}

export function useDeleteKnowledgeEntry() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE("/api/knowledge-base/{id}", { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

export { useRefreshAll as useRefreshKnowledge };

/**
 * POST /api/knowledge-base/ask: reads the NDJSON stream, handing each event to `onEvent` as it
 * arrives; resolves with the final `done` event. The path and body are typed; each line is one of
 * the shared KnowledgeAskEvent shapes (the document gives the stream as a whole).
 */
export async function askKnowledgeBase(
  input: RequestBodyOf<"/api/knowledge-base/ask", "post">,
  onEvent: (event: KnowledgeAskEvent) => void,
  signal?: AbortSignal,
): Promise<Extract<KnowledgeAskEvent, { type: "done" }>> {
  const { response } = await api.POST("/api/knowledge-base/ask", { body: input, signal, parseAs: "stream" });
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
