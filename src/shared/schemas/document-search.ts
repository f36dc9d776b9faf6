import { z } from "zod";
import { searchText } from "./common.ts";
import { documentSchema } from "./documents.ts";
import { snippetSchema } from "./snippets.ts";

/** spec §9: the search limit is 10; the server answers at most 50. */
export const DOCUMENT_SEARCH_DEFAULT_LIMIT = 10;
export const DOCUMENT_SEARCH_MAX_LIMIT = 50;

/** POST /api/search/documents (spec B §7). A blank query (after trimming) finds nothing (spec §5). */
export const documentSearchSchema = z.strictObject({
  query: searchText(500, "Query must be text of at most 500 characters"),
  limit: z
    .number({ error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(DOCUMENT_SEARCH_MAX_LIMIT, `Limit must be at most ${DOCUMENT_SEARCH_MAX_LIMIT}`)
    .default(DOCUMENT_SEARCH_DEFAULT_LIMIT),
});
export type DocumentSearchInput = z.infer<typeof documentSearchSchema>;

/**
 * A document found: its fields, the score of its best passage (reciprocal rank fusion, higher is
 * better), that passage as `snippet` (text parts, the matched words marked: never HTML)
 * and the page it starts on (PDFs; null otherwise).
 */
export const documentHitSchema = documentSchema.extend({
  score: z.number(),
  snippet: snippetSchema,
  page: z.number().int().nullable(),
});
export type DocumentHit = z.infer<typeof documentHitSchema>;

/**
 * The hits, best first; `correctedQuery`, only when the query as typed found nothing and a
 * respelling of its words did: the words searched instead ("Did you mean …").
 */
export const documentSearchResultSchema = z.object({
  documents: z.array(documentHitSchema),
  correctedQuery: z.string().optional(),
});
export type DocumentSearchResult = z.infer<typeof documentSearchResultSchema>;

/**
 * GET /api/search/documents/status: where the caller's documents stand for search, so that a search
 * without hits can say what would help. `indexing`: waiting to be read or being read; `notInSearch`:
 * never asked into AI search (each offers Vectorize); `withoutText`: images, audio and video, which
 * have no text to search; `failed`: could not be read.
 */
export const documentSearchStatusSchema = z.object({
  documents: z.number().int(),
  ready: z.number().int(),
  indexing: z.number().int(),
  notInSearch: z.number().int(),
  failed: z.number().int(),
  withoutText: z.number().int(),
});
export type DocumentSearchStatus = z.infer<typeof documentSearchStatusSchema>;
