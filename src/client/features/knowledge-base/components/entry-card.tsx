import {
  CircleAlert,
  FileArchive,
  FileAudio,
  FileImage,
  FileText,
  FileVideo,
  Globe,
  LoaderCircle,
  Lock,
  type LucideIcon,
  NotebookPen,
  Pencil,
  Trash2,
} from "lucide-react";
import type { MouseEvent } from "react";
import { SnippetText } from "#client/components/search-snippet/snippet-text.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import type {
  KnowledgeEntrySummary,
  KnowledgeFileType,
  KnowledgeHit,
} from "#shared/schemas/knowledge-base.ts";
import { isProcessing } from "../api/knowledge-base-api.ts";
import { cardTags, fileTypeLabel, moreTagsLabel } from "../knowledge-rules.ts";

const TYPE_ICONS: Record<KnowledgeFileType, LucideIcon> = {
  text: NotebookPen,
  pdf: FileText,
  doc: FileText,
  docx: FileText,
  txt: FileText,
  md: FileText,
  jpg: FileImage,
  jpeg: FileImage,
  png: FileImage,
  gif: FileImage,
  mp4: FileVideo,
  mov: FileVideo,
  mp3: FileAudio,
  wav: FileAudio,
  zip: FileArchive,
  rar: FileArchive,
};

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

export const entryAnchor = (id: number) => `kb-entry-${id}`;

/**
 * One entry of the card grid (spec B §2): type icon, title, content clamped to 3 lines (or, for a
 * search hit, its best passage with the matched words marked, its page and its scope), 3 tags then
 * "+N more", the date, the private badge (for a colleague's shared entry, whose it is), and the
 * file's processing state. Edit and Delete only on one's own entries.
 */
export function EntryCard({
  entry,
  hit,
  own,
  onOpen,
  onEdit,
  onDelete,
}: {
  entry: KnowledgeEntrySummary;
  hit?: Pick<KnowledgeHit, "snippet" | "page" | "passageIndex" | "scope" | "ownerName">;
  own: boolean;
  onOpen: () => void;
  onEdit?: (event: MouseEvent<HTMLButtonElement>) => void;
  onDelete?: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const Icon = TYPE_ICONS[entry.fileType] ?? FileText;
  const { shown, more } = cardTags(entry.tags);
  const headingId = `${entryAnchor(entry.id)}-title`;
  return (
    <Card id={entryAnchor(entry.id)} className="kb-card grid content-start gap-3 p-4">
      <div className="flex items-start gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground"
          title={fileTypeLabel(entry.fileType)}
        >
          <Icon aria-hidden="true" className="size-5" />
          <span className="sr-only">{fileTypeLabel(entry.fileType)}</span>
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={headingId} className="font-semibold break-words">
            <button type="button" className="kb-title-button text-left" onClick={onOpen}>
              {entry.title}
            </button>
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <time dateTime={entry.createdAt}>{dateFormat.format(new Date(entry.createdAt))}</time>
            {entry.isPrivate ? (
              <Badge variant="secondary">
                <Lock aria-hidden="true" className="size-3" /> Private
              </Badge>
            ) : !own && entry.ownerName ? (
              <Badge variant="outline" data-testid="entry-owner">
                <Globe aria-hidden="true" className="size-3" /> Shared by {entry.ownerName}
              </Badge>
            ) : (
              <Badge variant="outline">
                <Globe aria-hidden="true" className="size-3" /> Shared with institution
              </Badge>
            )}
            {hit ? (
              <Badge variant={hit.scope === "own" ? "default" : "warning"} data-testid="hit-scope">
                {hit.scope === "own" ? "Mine" : `Institution${hit.ownerName ? `: ${hit.ownerName}` : ""}`}
              </Badge>
            ) : null}
          </p>
        </div>
      </div>

      {isProcessing(entry) ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="entry-status">
          <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {entry.status === "pending" ? "Waiting to be read..." : "Reading the file..."}
        </p>
      ) : entry.status === "failed" ? (
        <p
          className="flex items-start gap-1.5 text-sm text-destructive-soft-foreground"
          data-testid="entry-status"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {entry.statusReason ?? "The file could not be read."}
        </p>
      ) : null}

      {hit ? (
        <div className="grid gap-1">
          <p className="kb-snippet kb-clamp-3 text-sm break-words" data-testid="search-snippet">
            <SnippetText snippet={hit.snippet} />
          </p>
          {hit.page != null || hit.passageIndex != null ? (
            <p className="text-xs text-muted-foreground" data-testid="hit-where">
              {hit.page != null ? `Page ${hit.page}` : `Passage ${(hit.passageIndex ?? 0) + 1}`}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="kb-clamp-3 text-sm text-muted-foreground break-words" data-testid="entry-content">
          {entry.content}
        </p>
      )}

      {shown.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {shown.map((tag) => (
            <li key={tag}>
              <Badge variant="outline">{tag}</Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge variant="secondary" title={entry.tags.slice(shown.length).join(", ")}>
                {moreTagsLabel(more)}
              </Badge>
            </li>
          ) : null}
        </ul>
      ) : null}

      {own && (onEdit || onDelete) ? (
        <div className="mt-auto flex flex-wrap justify-end gap-2">
          {onEdit ? (
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${entry.title}`}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${entry.title}`}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
