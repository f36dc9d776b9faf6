import { BookOpenCheck, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { PivotCard, WorkedExample } from "#shared/schemas/pivot-assets.ts";
import { useDeleteExample, useWorkedExamples } from "../api/pivot-api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { ExampleDialog } from "./example-dialog.tsx";
import { useReturnFocus } from "./return-focus.ts";

const PAGE_SIZE = 6;

/** spec B §2, Worked Examples tab: linked card, numbered steps, prompts, completion problem. */
export function ExamplesTab({
  cards,
  visibleCardIds,
  newForCardId,
  onLinkedOpened,
}: {
  cards: PivotCard[];
  visibleCardIds: ReadonlySet<number> | null;
  /** Opens Create Example for this card once the cards are loaded (`/pivot-assets?tab=examples&card=:id`). */
  newForCardId?: number;
  onLinkedOpened?: () => void;
}) {
  const examples = useWorkedExamples();
  const remove = useDeleteExample();
  const heading = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<WorkedExample | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<WorkedExample | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const formFocus = useReturnFocus(heading);
  const [linkedCardId, setLinkedCardId] = useState<number | undefined>(undefined);
  const linked = cards.some((card) => card.id === newForCardId) ? newForCardId : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per linked card, whatever the callback's identity
  useEffect(() => {
    if (linked === undefined) return;
    setEditing(null);
    setLinkedCardId(linked);
    setOpen(true);
    onLinkedOpened?.();
  }, [linked]);
  const deleteFocus = useReturnFocus(heading);

  const all = examples.data ?? [];
  const shown = visibleCardIds ? all.filter((example) => visibleCardIds.has(example.pivotCardId)) : all;
  const lastPage = Math.max(0, Math.ceil(shown.length / PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  const pageItems = shown.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE);
  const openForm = (example: WorkedExample | null, opener: EventTarget) => {
    formFocus.remember(opener);
    setLinkedCardId(undefined);
    setEditing(example);
    setOpen(true);
  };

  return (
    <section aria-labelledby="examples-heading" className="grid pivot-column gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="examples-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          Worked Examples
        </h3>
        <Button disabled={cards.length === 0} onClick={(event) => openForm(null, event.currentTarget)}>
          <Plus aria-hidden="true" /> Create Example
        </Button>
      </div>
      {examples.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to load your worked examples. Please try again.</AlertDescription>
        </Alert>
      ) : examples.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={BookOpenCheck}
          title={all.length ? "No matching examples" : "No worked examples yet"}
          text={
            cards.length === 0
              ? "A worked example belongs to a pivot card: create a card on the Pivot Cards tab first."
              : all.length
                ? "No example belongs to the cards this search or discipline shows."
                : "Show one problem solved step by step for a card, with prompts that make learners explain each step. Use Create Example."
          }
        />
      ) : (
        <>
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Your worked examples">
            {pageItems.map((example) => (
              <li key={example.id} className="grid">
                <Card className="flex flex-col">
                  <CardHeader className="grid gap-2 pb-2">
                    <CardTitle as="h4" className="text-base break-words">
                      {example.title}
                    </CardTitle>
                    <div>
                      <Badge variant="outline">Card: {example.pivotCardTitle}</Badge>
                    </div>
                  </CardHeader>
                  <CardContent className="grid flex-1 content-start gap-3 text-sm">
                    <div>
                      <h5 className="font-medium">Steps</h5>
                      <ol className="mt-1 grid pivot-steps gap-1 pl-5 break-words">
                        {example.steps.map((step, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: steps may repeat; their order is their identity
                          <li key={index}>{step}</li>
                        ))}
                      </ol>
                    </div>
                    {example.selfExplanationPrompts.length ? (
                      <div>
                        <h5 className="font-medium">Self-explanation prompts</h5>
                        <ul className="mt-1 grid list-disc gap-1 pl-5 break-words">
                          {example.selfExplanationPrompts.map((prompt, index) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: as above
                            <li key={index}>{prompt}</li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                    {example.completionProblem ? (
                      <div className="rounded-md bg-muted p-3">
                        <h5 className="font-medium">Completion problem</h5>
                        <p className="mt-1 break-words whitespace-pre-line">{example.completionProblem}</p>
                      </div>
                    ) : null}
                  </CardContent>
                  <CardFooter className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={(event) => openForm(example, event.currentTarget)}
                    >
                      <Pencil aria-hidden="true" /> Edit <span className="sr-only">{example.title}</span>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={(event) => {
                        deleteFocus.remember(event.currentTarget);
                        setDeleting(example);
                        setDeleteOpen(true);
                      }}
                    >
                      <Trash2 aria-hidden="true" /> Delete <span className="sr-only">{example.title}</span>
                    </Button>
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            label="Worked example pages"
            page={current}
            pageSize={PAGE_SIZE}
            total={shown.length}
            noun={["example", "examples"]}
            onPage={setPage}
            hideSinglePage
          />
        </>
      )}
      <ExampleDialog
        open={open}
        onOpenChange={setOpen}
        example={editing}
        cards={cards}
        {...(linkedCardId === undefined ? {} : { cardId: linkedCardId })}
        returnFocus={formFocus}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete "${deleting?.title ?? ""}"?`}
        description="The worked example is deleted. Its card stays. This cannot be undone."
        confirmLabel="Delete Example"
        returnFocus={deleteFocus}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () =>
              toast({ title: "Example Deleted", description: `"${deleting.title}" was deleted.` }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Delete Failed",
                description: getErrorMessage(error, "Failed to delete the example"),
              }),
          });
        }}
      />
    </section>
  );
}
