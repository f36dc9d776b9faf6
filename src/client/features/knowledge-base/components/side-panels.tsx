import { Database, Filter, X } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { formatFileSize } from "#client/components/uploads/upload-limits.ts";
import {
  KNOWLEDGE_LIMITS,
  type KnowledgeFileType,
  type KnowledgeStats,
} from "#shared/schemas/knowledge-base.ts";
import { fileTypeLabel } from "../knowledge-rules.ts";

/** A filter chip: a toggle button that says whether it is on. */
function Chip({
  label,
  count,
  on,
  onToggle,
}: {
  label: string;
  count: number;
  on: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant={on ? "default" : "outline"}
      size="sm"
      aria-pressed={on}
      onClick={onToggle}
      className="kb-chip"
    >
      {label}
      <span className="kb-chip-count">{count}</span>
    </Button>
  );
}

/**
 * spec B §2, §9: the Filters panel: at most 10 tags, most used first (from /stats), and the types;
 * each is a toggle that narrows the search. Several tags keep entries holding every one.
 */
export function FiltersPanel({
  stats,
  loading,
  tags,
  fileTypes,
  onToggleTag,
  onToggleType,
  onClear,
}: {
  stats: KnowledgeStats | undefined;
  loading: boolean;
  tags: readonly string[];
  fileTypes: readonly KnowledgeFileType[];
  onToggleTag: (tag: string) => void;
  onToggleType: (type: KnowledgeFileType) => void;
  onClear: () => void;
}) {
  const topTags = (stats?.tags ?? []).slice(0, KNOWLEDGE_LIMITS.filterTags);
  const types = stats?.byType ?? [];
  const any = tags.length > 0 || fileTypes.length > 0;
  return (
    <section aria-labelledby="kb-filters-heading">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle id="kb-filters-heading" className="flex items-center gap-2 text-base">
            <Filter aria-hidden="true" className="size-4" /> Filters
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {loading ? (
            <Skeleton className="h-20" />
          ) : (
            <>
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">Tags</h3>
                {topTags.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Tags you add appear here.</p>
                ) : (
                  <ul className="flex flex-wrap gap-1.5" aria-label="Filter by tag">
                    {topTags.map(({ tag, count }) => (
                      <li key={tag}>
                        <Chip
                          label={tag}
                          count={count}
                          on={tags.includes(tag)}
                          onToggle={() => onToggleTag(tag)}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">Types</h3>
                {types.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No content yet.</p>
                ) : (
                  <ul className="flex flex-wrap gap-1.5" aria-label="Filter by type">
                    {types.map(({ fileType, count }) => (
                      <li key={fileType}>
                        <Chip
                          label={fileTypeLabel(fileType)}
                          count={count}
                          on={fileTypes.includes(fileType)}
                          onToggle={() => onToggleType(fileType)}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              {any ? (
                <Button variant="ghost" size="sm" className="justify-self-start" onClick={onClear}>
                  <X aria-hidden="true" /> Clear filters
                </Button>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** spec B §2: the Stats panel: entries, passages indexed, by type, storage used. */
export function StatsPanel({ stats, loading }: { stats: KnowledgeStats | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="kb-stats-heading">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle id="kb-stats-heading" className="flex items-center gap-2 text-base">
            <Database aria-hidden="true" className="size-4" /> Stats
          </CardTitle>
        </CardHeader>
        <CardContent>
          {loading || !stats ? (
            <Skeleton className="h-24" />
          ) : (
            <div className="grid gap-3 text-sm">
              <dl className="kb-stats">
                <div>
                  <dt>Entries</dt>
                  <dd data-testid="stat-entries">{stats.entries.toLocaleString("en-US")}</dd>
                </div>
                <div>
                  <dt>Passages indexed</dt>
                  <dd data-testid="stat-passages">{stats.passages.toLocaleString("en-US")}</dd>
                </div>
                <div>
                  <dt>Storage used</dt>
                  <dd data-testid="stat-storage">{formatFileSize(stats.storageBytes)}</dd>
                </div>
              </dl>
              {stats.byType.length > 0 ? (
                <>
                  <h3 className="font-medium">By type</h3>
                  <dl className="kb-stats">
                    {stats.byType.map(({ fileType, count }) => (
                      <div key={fileType}>
                        <dt>{fileTypeLabel(fileType)}</dt>
                        <dd>{count.toLocaleString("en-US")}</dd>
                      </div>
                    ))}
                  </dl>
                </>
              ) : null}
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
