import { useQuery } from "@tanstack/react-query";
import {
  CalendarDays,
  Download,
  FolderKanban,
  Layers,
  Pencil,
  Plus,
  Repeat,
  Trash2,
  Upload,
} from "lucide-react";
import { type RefObject, useState } from "react";
import { Link } from "wouter";
import { projectQueryOptions } from "#client/api/projects/get-project.ts";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { Discipline, PivotCard } from "#shared/schemas/pivot-assets.ts";
import { exportCards, useDeleteCard } from "../api/pivot-api.ts";
import { CardDialog } from "./card-dialog.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { ImportDialog } from "./import-dialog.tsx";
import { MasteryBar } from "./mastery-bar.tsx";
import { useReturnFocus } from "./return-focus.ts";

const PAGE_SIZE = 12;

/** spec B §2, Pivot Cards tab: the grid, Create New Card, edit, delete, export and import. */
export function CardsTab({
  cards,
  loading,
  failed,
  filtered,
  disciplines,
  headingRef,
  onAddDiscipline,
  onCreated,
}: {
  cards: PivotCard[];
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  disciplines: readonly Discipline[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAddDiscipline: (opener: EventTarget) => void;
  /** A new card: the page shows it even when the filter would hide it, and says so (the toast's note). */
  onCreated: (card: PivotCard) => string | null;
}) {
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<PivotCard | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [deleting, setDeleting] = useState<PivotCard | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const cardFocus = useReturnFocus(headingRef);
  const importFocus = useReturnFocus(headingRef);
  const deleteFocus = useReturnFocus(headingRef);
  const remove = useDeleteCard();
  const [exporting, setExporting] = useState<"csv" | "anki" | null>(null);

  const lastPage = Math.max(0, Math.ceil(cards.length / PAGE_SIZE) - 1);
  const shown = Math.min(page, lastPage);
  const pageCards = cards.slice(shown * PAGE_SIZE, shown * PAGE_SIZE + PAGE_SIZE);

  const openCard = (card: PivotCard | null, opener: EventTarget) => {
    cardFocus.remember(opener);
    setEditing(card);
    setCardOpen(true);
  };
  const download = (format: "csv" | "anki") => {
    setExporting(format);
    exportCards(format)
      .catch((error: unknown) =>
        toast({
          variant: "destructive",
          title: "Export Failed",
          description: getErrorMessage(error, "Unable to export your cards. Please try again."),
        }),
      )
      .finally(() => setExporting(null));
  };

  return (
    <section aria-labelledby="cards-heading" className="grid pivot-column gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="cards-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          Pivot Cards
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={exporting !== null || cards.length === 0}
            onClick={() => download("csv")}
          >
            <Download aria-hidden="true" /> Export CSV
          </Button>
          <Button
            variant="outline"
            disabled={exporting !== null || cards.length === 0}
            onClick={() => download("anki")}
          >
            <Download aria-hidden="true" /> Export for Anki
          </Button>
          <Button
            variant="outline"
            onClick={(event) => {
              importFocus.remember(event.currentTarget);
              setImportOpen(true);
            }}
          >
            <Upload aria-hidden="true" /> Import CSV
          </Button>
          <Button onClick={(event) => openCard(null, event.currentTarget)}>
            <Plus aria-hidden="true" /> Create New Card
          </Button>
        </div>
      </div>

      {failed ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to load your pivot cards. Please try again.</AlertDescription>
        </Alert>
      ) : loading ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : cards.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={Layers}
            title="No matching cards"
            text="No pivot card matches this search or discipline. Clear the search or choose All Disciplines."
          />
        ) : (
          <EmptyState
            icon={Layers}
            title="No pivot cards yet"
            text="Start with one core concept of your course: create a card for it (add your own discipline first if it is not listed), or open one of your projects and use Create pivot cards to turn its pivot concepts into cards. Then add retrieval items and review them."
            actions={
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={(event) => openCard(null, event.currentTarget)}>
                  <Plus aria-hidden="true" /> Create Your First Card
                </Button>
                <Button variant="outline" onClick={(event) => onAddDiscipline(event.currentTarget)}>
                  Add a Discipline
                </Button>
                <Button asChild variant="outline">
                  <Link href="/projects">From a project</Link>
                </Button>
              </div>
            }
          />
        )
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Your pivot cards">
            {pageCards.map((card) => (
              <li key={card.id} className="grid">
                <CardTile
                  card={card}
                  onEdit={(opener) => openCard(card, opener)}
                  onDelete={(opener) => {
                    deleteFocus.remember(opener);
                    setDeleting(card);
                    setDeleteOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
          <Pager
            label="Pivot card pages"
            page={shown}
            pageSize={PAGE_SIZE}
            total={cards.length}
            noun={["card", "cards"]}
            onPage={setPage}
            hideSinglePage
          />
        </>
      )}

      <CardDialog
        open={cardOpen}
        onOpenChange={setCardOpen}
        card={editing}
        disciplines={disciplines}
        returnFocus={cardFocus}
        onCreated={onCreated}
      />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} returnFocus={importFocus} />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete "${deleting?.title ?? ""}"?`}
        description="Its worked examples, retrieval items and their review history are deleted too. This cannot be undone."
        confirmLabel="Delete Card"
        returnFocus={deleteFocus}
        onConfirm={() => {
          if (!deleting) return;
          const { title } = deleting;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: "Card Deleted", description: `"${title}" was deleted.` }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Delete Failed",
                description: getErrorMessage(error, "Failed to delete the card"),
              }),
          });
        }}
      />
    </section>
  );
}

function CardTile({
  card,
  onEdit,
  onDelete,
}: {
  card: PivotCard;
  onEdit: (opener: EventTarget) => void;
  onDelete: (opener: EventTarget) => void;
}) {
  return (
    <Card className="flex flex-col" data-testid="pivot-card">
      <CardHeader className="grid gap-2 pb-2">
        <CardTitle as="h4" className="text-base break-words">
          {card.title}
        </CardTitle>
        <div>
          <Badge variant="secondary" data-testid="discipline-badge">
            {card.disciplineLabel}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <p className="line-clamp-3 text-sm break-words text-slate-700" title={card.definition}>
          {card.definition}
        </p>
        <MasteryBar level={card.masteryLevel} label="Mastery" />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="flex items-center gap-1.5">
            <Repeat aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="sr-only">Retrievals</dt>
            <dd data-testid="retrieval-count">
              {card.retrievalCount} {card.retrievalCount === 1 ? "retrieval" : "retrievals"}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="sr-only">Created</dt>
            <dd>{card.createdAt}</dd>
          </div>
          {card.projectId !== null ? (
            <div className="col-span-2 flex items-center gap-1.5">
              <FolderKanban aria-hidden="true" className="size-4 text-muted-foreground" />
              <dt className="sr-only">Project</dt>
              <dd className="min-w-0 truncate">
                <ProjectLink id={card.projectId} />
              </dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
      <CardFooter className="flex gap-2">
        <Button variant="outline" size="sm" onClick={(event) => onEdit(event.currentTarget)}>
          <Pencil aria-hidden="true" /> Edit <span className="sr-only">{card.title}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={(event) => onDelete(event.currentTarget)}>
          <Trash2 aria-hidden="true" /> Delete <span className="sr-only">{card.title}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** The linked project, by its title (the project screen's own query, so it is asked once per project). */
function ProjectLink({ id }: { id: number }) {
  const project = useQuery({ ...projectQueryOptions(id), staleTime: 60_000 });
  return (
    <Link href={`/projects/${id}`} className="text-primary hover:underline">
      {project.data ? project.data.title : "Linked project"}
    </Link>
  );
}
