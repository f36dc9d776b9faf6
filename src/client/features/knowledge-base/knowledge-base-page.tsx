import { BookOpen, Plus, SearchX, Users } from "lucide-react";
import { type MouseEvent, useRef, useState } from "react";
import { DidYouMean } from "#client/components/search-snippet/did-you-mean.tsx";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useDebounced } from "#client/lib/use-debounced.ts";
import {
  KNOWLEDGE_LIMITS,
  type KnowledgeEntrySummary,
  type KnowledgeFileType,
  type KnowledgeScope,
} from "#shared/schemas/knowledge-base.ts";
import "./knowledge-base.css";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import {
  FILTER_READ_LIMIT,
  isProcessing,
  type KnowledgeSearch,
  useDeleteKnowledgeEntry,
  useFilteredKnowledge,
  useKnowledgeList,
  useKnowledgeSearch,
  useKnowledgeStats,
  useRefreshWhenRead,
} from "./api/knowledge-base-api.ts";
import { AskPanel } from "./components/ask-panel.tsx";
import { CardSkeletons } from "./components/card-skeletons.tsx";
import { EntryCard } from "./components/entry-card.tsx";
import { EntryFormDialog } from "./components/entry-form-dialog.tsx";
import { EntryViewDialog } from "./components/entry-view-dialog.tsx";
import { QuickUploadPanel } from "./components/quick-upload-panel.tsx";
import { SearchBar } from "./components/search-bar.tsx";
import { FiltersPanel, StatsPanel } from "./components/side-panels.tsx";

const PAGE_SIZE = 12;
const SEARCH_DEBOUNCE_MS = 300;

const toggle = <T,>(list: readonly T[], item: T) =>
  list.includes(item) ? list.filter((value) => value !== item) : [...list, item];

/**
 * /knowledge-base: the Institutional Knowledge Base of spec B §2: search with
 * scopes, Add Content, Edit, the card grid, Quick Upload, Filters, Stats and Ask.
 */
export function KnowledgeBasePage() {
  const { faculty } = useAuth();
  const [query, setQuery] = useState("");
  const [scope, setScope] = useState<KnowledgeScope>("own");
  const [tags, setTags] = useState<readonly string[]>([]);
  const [fileTypes, setFileTypes] = useState<readonly KnowledgeFileType[]>([]);
  const [page, setPage] = useState(0);
  const [formOpen, setFormOpen] = useState(false);
  const [editId, setEditId] = useState<number | null>(null);
  const [viewId, setViewId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeEntrySummary | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  // spec B §4, §9: the search runs when the query is longer than 2 characters; filters narrow it.
  const debounced = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const queryActive = debounced.length > KNOWLEDGE_LIMITS.searchMinLength;
  const filtered = tags.length > 0 || fileTypes.length > 0;
  const search: KnowledgeSearch | null = queryActive ? { query: debounced, tags, fileTypes, scope } : null;
  // Filters without a query: the scope's entries holding them (the search answers a blank query with nothing).
  const filterOnly = !queryActive && filtered ? { tags, fileTypes, scope } : null;
  // Without a query the Institution scope browses the entries colleagues share, newest first.
  const shared = scope === "institution";

  const list = useKnowledgeList(faculty?.id, { limit: PAGE_SIZE, offset: page * PAGE_SIZE, scope });
  const hits = useKnowledgeSearch(faculty?.id, search);
  const filteredList = useFilteredKnowledge(faculty?.id, filterOnly);
  const entries = list.data?.items ?? [];
  // One's own entries being read drive the figures' polling; colleagues' do not change them.
  const reading = !shared && entries.some(isProcessing);
  const stats = useKnowledgeStats(reading);
  useRefreshWhenRead(reading);
  const remove = useDeleteKnowledgeEntry();

  const openAdd = () => {
    opener.current = addButton.current;
    setEditId(null);
    setFormOpen(true);
  };
  const openEdit = (id: number, from?: HTMLElement | null) => {
    opener.current = from ?? opener.current;
    setViewId(null);
    setEditId(id);
    setFormOpen(true);
  };
  const openDelete = (entry: KnowledgeEntrySummary) => (event: MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget;
    setDeleting(entry);
    setDeleteOpen(true);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({
          title: "Content Deleted",
          description: "The content has been removed from your knowledge base.",
        });
        if (entries.length === 1 && page > 0) setPage(page - 1);
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: `Failed to delete content: ${getErrorMessage(error, error.message)}`,
        }),
    });
    opener.current = null; // its card is about to go
    setDeleteOpen(false);
  };

  const cardOf = (entry: KnowledgeEntrySummary, hit?: Parameters<typeof EntryCard>[0]["hit"]) => {
    const own = entry.facultyId === faculty?.id;
    return (
      <EntryCard
        entry={entry}
        hit={hit}
        own={own}
        onOpen={() => setViewId(entry.id)}
        onEdit={own ? (event) => openEdit(entry.id, event.currentTarget) : undefined}
        onDelete={own ? openDelete(entry) : undefined}
      />
    );
  };

  const chooseScope = (value: KnowledgeScope) => {
    setScope(value);
    setPage(0);
  };

  const searching = search !== null;
  const institution = faculty?.institution ?? "your institution";
  const noResults = (
    <EmptyState
      icon={SearchX}
      title="No search results"
      text={
        queryActive
          ? `Nothing ${scope === "own" ? "in your knowledge base" : "shared at your institution"} matches "${debounced}". Try other words or fewer filters.`
          : shared
            ? "No entry shared by your colleagues has every filter chosen."
            : "None of your entries has every filter chosen."
      }
      actions={
        <Button onClick={openAdd}>
          <Plus aria-hidden="true" /> Add First Content
        </Button>
      }
    />
  );
  const results = hits.data?.hits ?? [];
  const corrected = hits.data?.correctedQuery ? hits.data : null;
  const emptyLibrary = !list.isPending && !list.isError && (list.data?.total ?? 0) === 0;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Institutional Knowledge Base</h2>
          <p className="text-muted-foreground">
            Your private library of course material, searchable by meaning and quotable in answers
          </p>
        </div>
        <Button ref={addButton} onClick={openAdd}>
          <Plus aria-hidden="true" /> Add Content
        </Button>
      </div>

      <SearchBar
        query={query}
        onQuery={setQuery}
        scope={scope}
        onScope={chooseScope}
        institution={institution}
      />

      <div className="kb-layout">
        <div className="grid content-start gap-6">
          <AskPanel scope={scope} onOpenEntry={setViewId} />

          <section aria-labelledby="kb-list-heading" className="grid gap-3">
            <h2
              id="kb-list-heading"
              ref={listHeading}
              tabIndex={-1}
              className="text-lg font-semibold outline-none"
            >
              {searching
                ? "Search Results"
                : filterOnly
                  ? "Filtered Content"
                  : shared
                    ? "Shared by Colleagues"
                    : "Your Content"}
            </h2>
            {searching ? (
              hits.isError ? (
                <ErrorAlert error={hits.error} fallback="Search failed. Please try again." />
              ) : hits.isPending ? (
                <CardSkeletons />
              ) : results.length === 0 ? (
                noResults
              ) : (
                <>
                  {corrected?.correctedQuery ? (
                    <DidYouMean typed={corrected.query} corrected={corrected.correctedQuery} />
                  ) : null}
                  <p role="status" className="text-sm text-muted-foreground">
                    {results.length} {results.length === 1 ? "result" : "results"}, best first
                  </p>
                  <ol className="kb-grid" aria-label="Search results" aria-busy={hits.isFetching}>
                    {results.map((hit) => (
                      <li key={`${hit.scope}-${hit.id}`} className="grid">
                        {cardOf(hit, hit)}
                      </li>
                    ))}
                  </ol>
                </>
              )
            ) : filterOnly ? (
              filteredList.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>Failed to load your knowledge base. Please try again.</AlertDescription>
                </Alert>
              ) : filteredList.isPending ? (
                <CardSkeletons />
              ) : (filteredList.data?.items.length ?? 0) === 0 ? (
                noResults
              ) : (
                <>
                  <p role="status" className="text-sm text-muted-foreground">
                    {filteredList.data?.items.length} {shared ? "shared entries" : "of your entries"} match
                    {filteredList.data?.partial
                      ? ` (of the ${FILTER_READ_LIMIT.toLocaleString("en-US")} newest)`
                      : ""}
                  </p>
                  <ul className="kb-grid" aria-label="Filtered content">
                    {filteredList.data?.items.map((entry) => (
                      <li key={entry.id} className="grid">
                        {cardOf(entry)}
                      </li>
                    ))}
                  </ul>
                </>
              )
            ) : list.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {shared
                    ? "Failed to load the entries your colleagues share. Please try again."
                    : "Failed to load your knowledge base. Please try again."}
                </AlertDescription>
              </Alert>
            ) : list.isPending ? (
              <CardSkeletons />
            ) : emptyLibrary && shared ? (
              <EmptyState
                icon={Users}
                title="Nothing shared yet"
                text={`No colleague at ${institution} has shared an entry yet. An entry is shared when its Private switch is off.`}
              />
            ) : emptyLibrary ? (
              <EmptyState
                icon={BookOpen}
                title="No content yet"
                text="Add notes, policies or course material, or upload files, to build your knowledge base."
                actions={
                  <Button onClick={openAdd}>
                    <Plus aria-hidden="true" /> Add First Content
                  </Button>
                }
              />
            ) : (
              <div className="grid gap-4">
                <ul className="kb-grid" aria-label={shared ? "Shared content" : "Your content"}>
                  {entries.map((entry) => (
                    <li key={entry.id} className="grid">
                      {cardOf(entry)}
                    </li>
                  ))}
                </ul>
                <Pager
                  label={shared ? "Shared content pages" : "Knowledge base pages"}
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={list.data?.total ?? 0}
                  noun={["entry", "entries"]}
                  onPage={setPage}
                  hideSinglePage
                />
              </div>
            )}
          </section>
        </div>

        <aside className="grid content-start gap-6" aria-label="Upload, filters and figures">
          <QuickUploadPanel />
          <FiltersPanel
            stats={stats.data}
            loading={stats.isPending}
            tags={tags}
            fileTypes={fileTypes}
            onToggleTag={(tag) => setTags((current) => toggle(current, tag))}
            onToggleType={(type) => setFileTypes((current) => toggle(current, type))}
            onClear={() => {
              setTags([]);
              setFileTypes([]);
            }}
          />
          <StatsPanel stats={stats.data} loading={stats.isPending} />
        </aside>
      </div>

      <EntryFormDialog open={formOpen} onOpenChange={setFormOpen} editId={editId} returnFocusTo={opener} />
      <EntryViewDialog
        entryId={viewId}
        ownerId={faculty?.id}
        onOpenChange={(open) => (open ? undefined : setViewId(null))}
        onEdit={(id) => openEdit(id)}
      />

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={deleting && <>Delete "{deleting.title}"?</>}
        titleClassName="pr-8 break-words"
        description="Are you sure you want to delete this content?"
        details={
          <p className="text-sm text-muted-foreground">
            The entry, its file and its search index are removed. This cannot be undone.
          </p>
        }
        confirmLabel="Delete Content"
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = opener.current;
          (target?.isConnected ? target : listHeading.current)?.focus();
        }}
      />
    </div>
  );
}
