import { Download, Sparkles, Trash2 } from "lucide-react";
import type { MouseEvent } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { formatDate } from "#client/lib/utils.ts";
import type { DocumentRecord } from "#shared/schemas/documents.ts";
import { downloadHref } from "../api/documents-api.ts";
import { categoryLabel } from "../examples.ts";
import { fileTypeLabel, formatFileSize, hasNoText, NO_TEXT_MESSAGE } from "../upload-limits.ts";

type BadgeVariant = "success" | "default" | "secondary" | "destructive" | "outline";

/**
 * spec B §4 document vector status, with the pipeline's states: ready reads
 * "AI Ready"; a document never asked into AI search reads "Not in AI Search" rather than "Pending".
 */
export function statusBadge(
  document: DocumentRecord,
  watched: boolean,
): { label: string; variant: BadgeVariant } {
  switch (document.vectorStatus) {
    case "ready":
      return { label: "AI Ready", variant: "success" };
    case "processing":
      return { label: "Processing", variant: "default" };
    case "failed":
      return { label: "Failed", variant: "destructive" };
    default:
      return document.includeInVectorDb || watched
        ? { label: "Pending", variant: "secondary" }
        : { label: "Not in AI Search", variant: "outline" };
  }
}

/** One uploaded document: what it is, where it stands for AI search, and what can be done with it. */
export function DocumentCard({
  document,
  watched,
  vectorizing,
  onVectorize,
  onDownload,
  onDelete,
}: {
  document: DocumentRecord;
  watched: boolean;
  vectorizing: boolean;
  onVectorize: () => void;
  onDownload: () => void;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const badge = statusBadge(document, watched);
  const noText = hasNoText(document.mimeType);
  // The name follows each action's word for screen readers, so "Delete" says which document.
  const which = <span className="sr-only"> {document.originalName}</span>;
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-all">{document.originalName}</h3>
        <Badge variant={badge.variant} data-testid="document-status">
          {badge.variant === "success" ? <Sparkles aria-hidden="true" className="size-3" /> : null}
          {badge.label}
        </Badge>
      </div>
      {document.description ? <p className="text-sm break-words">{document.description}</p> : null}
      <dl className="documents-facts text-sm">
        <dt className="text-muted-foreground">Size</dt>
        <dd data-testid="document-size">{formatFileSize(document.fileSize)}</dd>
        <dt className="text-muted-foreground">Type</dt>
        <dd data-testid="document-type">{fileTypeLabel(document.mimeType, document.originalName)}</dd>
        <dt className="text-muted-foreground">Uploaded</dt>
        <dd>
          <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
        </dd>
        <dt className="text-muted-foreground">Downloads</dt>
        <dd data-testid="document-downloads">{document.downloadCount}</dd>
        <dt className="text-muted-foreground">Category</dt>
        <dd>{categoryLabel(document.category)}</dd>
      </dl>
      {document.vectorStatus === "failed" && document.statusReason ? (
        <p className="text-sm text-destructive-soft-foreground" data-testid="document-status-reason">
          {document.statusReason}
        </p>
      ) : null}
      {noText && document.vectorStatus !== "ready" ? (
        <p className="text-sm text-muted-foreground">{NO_TEXT_MESSAGE}.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {document.vectorStatus !== "ready" && !noText ? (
          <Button size="sm" variant="outline" onClick={onVectorize} disabled={vectorizing}>
            <Sparkles aria-hidden="true" /> {vectorizing ? "Vectorizing..." : "Vectorize"}
            {which}
          </Button>
        ) : null}
        <Button asChild size="sm" variant="outline">
          <a href={downloadHref(document)} download={document.originalName} onClick={onDownload}>
            <Download aria-hidden="true" /> Download{which}
          </a>
        </Button>
        <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete}>
          <Trash2 aria-hidden="true" /> Delete{which}
        </Button>
      </div>
    </article>
  );
}
