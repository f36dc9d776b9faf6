import { Download, SearchX } from "lucide-react";
import { SnippetText } from "#client/components/search-snippet/snippet-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { DocumentSearchStatus } from "#shared/schemas/document-search.ts";
import type { DocumentSearchHit } from "../api/document-search-api.ts";
import { downloadHref } from "../api/documents-api.ts";
import { noHitAdvice } from "../no-hit-advice.ts";
import { fileTypeLabel } from "../upload-limits.ts";

const isPdf = (hit: DocumentSearchHit) =>
  hit.mimeType === "application/pdf" || hit.originalName.toLowerCase().endsWith(".pdf");

/** A hit's file; for a PDF whose passage knows its page, at that page (`#page=N`, PDF open parameters). */
export const hitHref = (hit: DocumentSearchHit) =>
  hit.page != null && isPdf(hit) ? `${downloadHref(hit)}#page=${hit.page}` : downloadHref(hit);

/**
 * The hits of one document search: how many, and for each its best passage with the words marked
 * and a link to its file. Without hits, advice that fits where one's documents stand (`status`).
 */
export function SearchResults({
  query,
  documents,
  status,
  onDownload,
}: {
  query: string;
  documents: DocumentSearchHit[];
  status?: DocumentSearchStatus | undefined;
  onDownload?: () => void;
}) {
  if (documents.length === 0) {
    return (
      <div role="status" className="flex items-start gap-2 rounded-md border p-4 text-sm">
        <SearchX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="grid gap-1" data-testid="no-hit-advice">
          <p>No relevant documents found for "{query}".</p>
          {noHitAdvice(status).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
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
          <li key={hit.id} className="grid gap-2 rounded-md border p-3 text-sm">
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
            <div>
              <Button asChild size="sm" variant="outline">
                <a href={hitHref(hit)} download={hit.originalName} onClick={onDownload}>
                  <Download aria-hidden="true" /> Download
                  {hit.page != null && isPdf(hit) ? ` (page ${hit.page})` : ""}
                  <span className="sr-only"> {hit.originalName}</span>
                </a>
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
