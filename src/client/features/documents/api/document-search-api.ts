import { answerOf, api } from "#client/lib/api-client.ts";
import { DOCUMENT_SEARCH_DEFAULT_LIMIT, type DocumentSearchResult } from "#shared/schemas/document-search.ts";

// Vectorize and document search, with the shapes of the shared schemas.

/** POST /api/documents/:id/vectorize: (re)queues the document's indexing; 202 with the document. */
export const vectorizeDocument = (id: number) =>
  answerOf(api.POST("/api/documents/{id}/vectorize", { params: { path: { id } } }));

/** The most relevant documents asked for at once (spec B §9: search limit 10). */
export const DOCUMENT_SEARCH_LIMIT = DOCUMENT_SEARCH_DEFAULT_LIMIT;

/** One hit: the document, its score, its best passage (escaped, with `<mark>`) and its page. */
export type DocumentSearchHit = DocumentSearchResult["documents"][number];
export type DocumentSearchResponse = DocumentSearchResult;

/** POST /api/search/documents {query, limit}: the caller's documents only. */
export const searchDocuments = (query: string, limit = DOCUMENT_SEARCH_LIMIT, signal?: AbortSignal) =>
  answerOf(api.POST("/api/search/documents", { body: { query, limit }, signal }));
