import { apiRequest } from "#client/lib/api-client.ts";
import type { DocumentRecord } from "#shared/schemas/documents.ts";

// Issue 14, items 6 and 7: the two calls the `index` branch serves. Their types are written here,
// after the agreed contract, because the routes (and their shared schemas) are not on this branch:
// when both branches meet, these types give way to the shared schemas, and only this file changes.

/** POST /api/documents/:id/vectorize: (re)queues the document's indexing; 202 with the document. */
export const vectorizeDocument = (id: number) =>
  apiRequest<DocumentRecord>("POST", `/api/documents/${id}/vectorize`);

/** The most relevant documents asked for at once (spec B §9: search limit 10). */
export const DOCUMENT_SEARCH_LIMIT = 10;

/** One hit: the document, its score, its best passage and the page it starts on, where known. */
export interface DocumentSearchHit extends DocumentRecord {
  score: number;
  /** HTML-escaped text with `<mark>…</mark>` around the matched words (see snippet.ts). */
  snippet: string;
  page: number | null;
}

export interface DocumentSearchResponse {
  documents: DocumentSearchHit[];
}

/** POST /api/search/documents {query, limit}: the caller's documents only. */
export const searchDocuments = (query: string, limit = DOCUMENT_SEARCH_LIMIT, signal?: AbortSignal) =>
  apiRequest<DocumentSearchResponse>("POST", "/api/search/documents", { body: { query, limit }, signal });
