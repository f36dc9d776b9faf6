import { SearchX } from "lucide-react";
import { SnippetText } from "#client/components/search-snippet/snippet-text.tsx";
import type { DocumentSearchHit } from "../document-search-api.ts";
import { fileTypeLabel } from "../upload-limits.ts";

/** The hits of one document search: how many, and for each its best passage with the words marked. */
export function SearchResults({ query, documents }: { query: string; documents: DocumentSearchHit[] }) {
  if (documents.length === 0) {
    return (
      <div role="status" className="flex items-start gap-2 rounded-md border p-4 text-sm">
        <SearchX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <p>
          No relevant documents found for "{query}". Try other words, or vectorize your documents (Vectorize
          on each document below) so that AI search can read them.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm font-medium">
        Found {documents.length} relevant {documents.length === 1 ? "document" : "documents"}
      </p>
      <ol className="grid gap-3" aria-label="Search results">
        {documents.map((hit) => (
          <li key={hit.id} className="grid gap-1 rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-x-3">
              <h3 className="font-semibold break-all">{hit.originalName}</h3>
              <span className="text-muted-foreground">
                {fileTypeLabel(hit.mimeType, hit.originalName)}
                {hit.page != null ? ` · Page ${hit.page}` : ""}
              </span>
            </div>
            <p className="documents-snippet break-words" data-testid="search-snippet">
              <SnippetText snippet={hit.snippet} />
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
