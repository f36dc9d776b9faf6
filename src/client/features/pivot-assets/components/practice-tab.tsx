import {
  AlarmClock,
  CalendarCheck,
  CheckCheck,
  ListChecks,
  Pencil,
  Play,
  Plus,
  Sparkles,
  Trash2,
} from "lucide-react";
import { useRef, useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { cn } from "#client/lib/utils.ts";
import type { PivotCard, PivotStats, RetrievalItem } from "#shared/schemas/pivot-assets.ts";
import { useDeleteItem, useRetrievalItems } from "../api/pivot-api.ts";
import { difficultyLabel, shortDate } from "../pivot-view.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { ItemDialog } from "./item-dialog.tsx";
import { useReturnFocus } from "./return-focus.ts";
import { ReviewDialog } from "./review-dialog.tsx";
import { StatTile } from "./stat-tile.tsx";
import { SuggestDialog } from "./suggest-dialog.tsx";

const PAGE_SIZE = 10;

/** spec B §2, Retrieval Practice tab: the day's figures, the items, new items, suggestions and the review session. */
export function PracticeTab({
  cards,
  visibleCardIds,
  stats,
}: {
  cards: PivotCard[];
  visibleCardIds: ReadonlySet<number> | null;
  stats: { data: PivotStats | undefined; isError: boolean };
}) {
  const items = useRetrievalItems();
  const remove = useDeleteItem();
  const heading = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<RetrievalItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [deleting, setDeleting] = useState<RetrievalItem | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const formFocus = useReturnFocus(heading);
  const suggestFocus = useReturnFocus(heading);
  const reviewFocus = useReturnFocus(heading);
  const deleteFocus = useReturnFocus(heading);

  const all = items.data ?? [];
  const shown = visibleCardIds ? all.filter((item) => visibleCardIds.has(item.pivotCardId)) : all;
  const lastPage = Math.max(0, Math.ceil(shown.length / PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  const pageItems = shown.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE);
  const figures = stats.data;
  const openForm = (item: RetrievalItem | null, opener: EventTarget) => {
    formFocus.remember(opener);
    setEditing(item);
    setFormOpen(true);
  };

  return (
    <section aria-labelledby="practice-heading" className="grid pivot-column gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatTile
          icon={CalendarCheck}
          label="Due Today"
          testId="stat-due-today"
          value={figures ? figures.dueToday : "–"}
          note="Items to review by the end of today, new items included"
        />
        <StatTile
          icon={CheckCheck}
          label="Completed"
          testId="stat-completed"
          value={figures ? figures.completedThisWeek : "–"}
          note="Reviews this week (since Monday)"
        />
        <StatTile
          icon={AlarmClock}
          label="Overdue"
          testId="stat-overdue"
          value={figures ? figures.overdue : "–"}
          note="Items whose review day has passed"
        />
      </div>
      {stats.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to load the practice figures. Please try again.</AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="practice-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          Retrieval Items
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={all.length === 0}
            onClick={(event) => {
              reviewFocus.remember(event.currentTarget);
              setReviewOpen(true);
            }}
          >
            <Play aria-hidden="true" /> Start review
          </Button>
          <Button
            variant="outline"
            disabled={cards.length === 0}
            onClick={(event) => {
              suggestFocus.remember(event.currentTarget);
              setSuggestOpen(true);
            }}
          >
            <Sparkles aria-hidden="true" /> Suggest items
          </Button>
          <Button
            variant="outline"
            disabled={cards.length === 0}
            onClick={(event) => openForm(null, event.currentTarget)}
          >
            <Plus aria-hidden="true" /> Add Retrieval Item
          </Button>
        </div>
      </div>

      {items.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to load your retrieval items. Please try again.</AlertDescription>
        </Alert>
      ) : items.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title={all.length ? "No matching items" : "No retrieval items yet"}
          text={
            cards.length === 0
              ? "Retrieval items belong to pivot cards: create a card on the Pivot Cards tab first."
              : all.length
                ? "No item belongs to the cards this search or discipline shows."
                : "Add a flashcard or a concept check for one of your cards, or let Suggest items draft some. Then Start review: the schedule adapts to how well you remember."
          }
        />
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Your retrieval items">
            {pageItems.map((item) => (
              <li key={item.id}>
                <ItemCard
                  item={item}
                  onEdit={(opener) => openForm(item, opener)}
                  onDelete={(opener) => {
                    deleteFocus.remember(opener);
                    setDeleting(item);
                    setDeleteOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
          <Pager
            label="Retrieval item pages"
            page={current}
            pageSize={PAGE_SIZE}
            total={shown.length}
            noun={["item", "items"]}
            onPage={setPage}
            hideSinglePage
          />
        </>
      )}

      <ItemDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        item={editing}
        cards={cards}
        returnFocus={formFocus}
      />
      <SuggestDialog
        open={suggestOpen}
        onOpenChange={setSuggestOpen}
        cards={cards}
        returnFocus={suggestFocus}
      />
      <ReviewDialog open={reviewOpen} onOpenChange={setReviewOpen} returnFocus={reviewFocus} />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete this retrieval item?"
        description={`"${deleting?.question ?? ""}" and its review history are deleted. This cannot be undone.`}
        confirmLabel="Delete Item"
        returnFocus={deleteFocus}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: "Item Deleted", description: "The retrieval item was deleted." }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Delete Failed",
                description: getErrorMessage(error, "Failed to delete the item"),
              }),
          });
        }}
      />
    </section>
  );
}

function ItemCard({
  item,
  onEdit,
  onDelete,
}: {
  item: RetrievalItem;
  onEdit: (opener: EventTarget) => void;
  onDelete: (opener: EventTarget) => void;
}) {
  const kind = item.type === "flashcard" ? "Flashcard" : "Concept check";
  return (
    <Card data-testid="retrieval-item">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2 pb-2">
        <Badge variant={item.type === "flashcard" ? "default" : "secondary"}>{kind}</Badge>
        <Badge variant="outline">{item.pivotCardTitle}</Badge>
        {item.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
        <CardTitle as="h4" className="w-full text-base break-words">
          {item.question}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {item.type === "flashcard" ? (
          <p className="break-words">
            <span className="font-medium">Answer: </span>
            {item.answer}
          </p>
        ) : (
          <ol className="grid gap-1" aria-label="Options">
            {(item.options ?? []).map((option, index) => {
              const correct = index === item.correctIndex;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are positions
                  key={index}
                  className={cn(
                    "rounded-md border px-3 py-1.5 break-words",
                    correct && "border-green-200 bg-success-soft font-medium text-success-soft-foreground",
                  )}
                >
                  {String.fromCharCode(65 + index)}. {option}
                  {correct ? <span> (correct)</span> : null}
                </li>
              );
            })}
          </ol>
        )}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Last shown</dt>
            <dd>{shortDate(item.lastShown)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Next due</dt>
            <dd data-testid="item-next-due">{item.reps === 0 ? "Now (new)" : shortDate(item.nextDue)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Difficulty</dt>
            <dd>{difficultyLabel(item.difficulty)}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="flex gap-2">
        <Button variant="outline" size="sm" onClick={(event) => onEdit(event.currentTarget)}>
          <Pencil aria-hidden="true" /> Edit <span className="sr-only">item: {item.question}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={(event) => onDelete(event.currentTarget)}>
          <Trash2 aria-hidden="true" /> Delete <span className="sr-only">item: {item.question}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
