import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, FileText, Search, Upload } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { DidYouMean } from "#client/components/search-snippet/did-you-mean.tsx";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useMediaQuery } from "#client/lib/use-media-query.ts";
import "./documents.css";
import type { DocumentRecord } from "#shared/schemas/documents.ts";
import {
  DOCUMENT_SEARCH_LIMIT,
  type DocumentSearchResponse,
  searchDocuments,
} from "./api/document-search-api.ts";
import {
  documentKeys,
  useDeleteDocument,
  useFacultyDocuments,
  useVectorizeDocument,
} from "./api/documents-api.ts";
import { searchStatusKey, useSearchStatus } from "./api/search-status.ts";
import { DocumentCard } from "./components/document-card.tsx";
import { SearchResults } from "./components/search-results.tsx";
import { UploadDialog } from "./components/upload-dialog.tsx";
import { DOCUMENT_EXAMPLES } from "./examples.ts";

const PAGE_SIZE = 10;

/** /documents: the Document Manager of spec B §2, for the signed-in person. */
export function DocumentsPage() {
  // spec B §2 falls back to faculty id 1 without a signed-in person: a defect; the person's own id.
  const { faculty } = useAuth();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [uploadOpen, setUploadOpen] = useState(false);
  // The document of the delete dialog stays set while the dialog closes, so that Radix can close it
  // as usual and give the focus back to the Delete button that opened it.
  const [deleting, setDeleting] = useState<DocumentRecord | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  // Radix gives the focus back to a DialogTrigger only; these dialogs open from buttons of their own.
  const deleteOpener = useRef<HTMLElement | null>(null);
  const uploadOpener = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Documents the person asked to vectorize here: polled until they settle, and told when ready.
  const [watched, setWatched] = useState<ReadonlySet<number>>(new Set());
  const list = useFacultyDocuments(faculty?.id, { limit: PAGE_SIZE, offset: page * PAGE_SIZE }, watched);
  const remove = useDeleteDocument();
  const vectorize = useVectorizeDocument();
  const documents = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  // spec B §8: "Document vectorized successfully!" once a document asked for here is AI ready.
  const settled = useRef(new Set<number>());
  useEffect(() => {
    for (const document of documents) {
      if (!watched.has(document.id) || settled.current.has(document.id)) continue;
      if (document.vectorStatus === "ready") {
        settled.current.add(document.id);
        toast({
          title: "Vectorization Complete",
          description: "Document vectorized successfully! Now available for AI-powered search.",
        });
      } else if (document.vectorStatus === "failed") {
        settled.current.add(document.id);
        toast({
          variant: "destructive",
          title: "Vectorization Failed",
          description: document.statusReason ?? "Failed to vectorize document",
        });
      }
    }
  }, [documents, watched]);

  const vectorizeOf = (document: DocumentRecord) =>
    vectorize.mutate(document.id, {
      onSuccess: () => {
        settled.current.delete(document.id);
        setWatched((ids) => new Set(ids).add(document.id));
        toast({
          title: "Vectorization Started",
          description: `"${document.originalName}" is being indexed for AI search. It shows AI Ready when done.`,
        });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Vectorization Failed",
          description: getErrorMessage(error, "Failed to vectorize document"),
        }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: "Document Deleted", description: "Document deleted successfully" });
        if (documents.length === 1 && page > 0) setPage(page - 1);
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Delete Failed",
          description: getErrorMessage(error, "Failed to delete document"),
        }),
    });
    // Its card (and the Delete button that opened the dialog) is about to go.
    deleteOpener.current = null;
    setDeleteOpen(false);
  };

  // The server counts the download; show the new count once the browser has asked for the file.
  const afterDownload = () => {
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: documentKeys.all }), 1500);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Document Manager</h2>
          <p className="text-muted-foreground">
            Upload course documents, add them to AI search, and find what is in them
          </p>
        </div>
        <Button ref={uploadOpener} onClick={() => setUploadOpen(true)}>
          <Upload aria-hidden="true" /> Upload Documents
        </Button>
      </div>
      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} returnFocusTo={uploadOpener} />

      <DocumentExamples />

      <DocumentSearch onDownload={afterDownload} />

      <section aria-labelledby="documents-heading" className="grid gap-3">
        <h2
          id="documents-heading"
          ref={listHeading}
          tabIndex={-1}
          className="text-lg font-semibold outline-none"
        >
          Your Documents
        </h2>
        {list.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Failed to load your documents. Please try again.</AlertDescription>
          </Alert>
        ) : list.isPending ? (
          <Skeleton className="h-40 rounded-xl" />
        ) : documents.length === 0 ? (
          <EmptyState
            icon={FileText}
            title="No Documents Yet"
            text="No documents uploaded yet. Use the upload button above to add your first document."
          />
        ) : (
          <div className="grid gap-4" aria-busy={list.isFetching && !list.isRefetching}>
            <ul className="grid gap-3 2xl:grid-cols-2" aria-label="Your documents">
              {documents.map((document) => (
                <li key={document.id} className="grid">
                  <DocumentCard
                    document={document}
                    watched={watched.has(document.id)}
                    vectorizing={vectorize.isPending && vectorize.variables === document.id}
                    onVectorize={() => vectorizeOf(document)}
                    onDownload={afterDownload}
                    onDelete={(event) => {
                      deleteOpener.current = event.currentTarget;
                      setDeleting(document);
                      setDeleteOpen(true);
                    }}
                  />
                </li>
              ))}
            </ul>
            <Pager
              label="Document pages"
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              noun={["document", "documents"]}
              onPage={setPage}
              hideSinglePage
            />
          </div>
        )}
      </section>

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={deleting && <>Delete "{deleting.originalName}"?</>}
        titleClassName="pr-8 break-all"
        description="The file, its download link and its AI search index are deleted. This cannot be undone."
        confirmLabel="Delete Document"
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // The Delete button, or the list's heading when its document is gone.
          const opener = deleteOpener.current;
          (opener?.isConnected ? opener : listHeading.current)?.focus();
        }}
      />
    </div>
  );
}

/**
 * spec B §2, §5: AI document search; blank does nothing, Enter searches, the button waits. Without
 * hits it asks where one's documents stand, to suggest what would help.
 */
function DocumentSearch({ onDownload }: { onDownload: () => void }) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const [result, setResult] = useState<{ query: string; response: DocumentSearchResponse } | null>(null);
  const noHits = result !== null && result.response.documents.length === 0;
  const status = useSearchStatus(noHits);
  const search = useMutation({
    mutationFn: (text: string) => searchDocuments(text, DOCUMENT_SEARCH_LIMIT),
    onSuccess: (response, text) => {
      setResult({ query: text, response });
      if (response.documents.length === 0) void queryClient.invalidateQueries({ queryKey: searchStatusKey });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Search Failed",
        description: getErrorMessage(error, "Failed to search documents"),
      }),
  });
  const trimmed = query.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || search.isPending) return;
    search.mutate(trimmed);
  };
  return (
    <section aria-labelledby="document-search-heading">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle id="document-search-heading">AI Document Search</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <search>
            <form className="documents-search-form" onSubmit={submit}>
              <div className="grid flex-1 gap-1.5">
                <Label htmlFor="document-search">Search your documents</Label>
                <Input
                  id="document-search"
                  type="search"
                  maxLength={500}
                  placeholder="e.g. enzyme kinetics, essay rubric..."
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                />
              </div>
              <Button type="submit" disabled={!trimmed || search.isPending}>
                <Search aria-hidden="true" /> {search.isPending ? "Searching..." : "Search"}
              </Button>
            </form>
          </search>
          {result?.response.correctedQuery && result.response.documents.length > 0 ? (
            <DidYouMean typed={result.query} corrected={result.response.correctedQuery} />
          ) : null}
          {result ? (
            <SearchResults
              query={result.query}
              documents={result.response.documents}
              status={noHits ? status.data : undefined}
              onDownload={onDownload}
            />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * spec B §2: the example lists of four disciplines. Open on wider screens; on a phone they would
 * push the search and the documents four screens down, so they start folded there.
 */
function DocumentExamples() {
  const wide = useMediaQuery("(min-width: 40rem)");
  const [open, setOpen] = useState(wide);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="documents-examples grid gap-3"
    >
      <summary className="flex w-fit cursor-pointer items-center gap-2 rounded-md text-lg font-semibold">
        <ChevronRight aria-hidden="true" className="size-4" />
        What faculty upload, by discipline
      </summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {DOCUMENT_EXAMPLES.map((list) => (
          <Card key={list.discipline}>
            <CardHeader className="pb-2">
              <CardTitle as="h3" className="text-base">
                {list.discipline}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid list-disc gap-1 pl-5 text-sm">
                {list.examples.map((example) => (
                  <li key={example}>{example}</li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
    </details>
  );
}
