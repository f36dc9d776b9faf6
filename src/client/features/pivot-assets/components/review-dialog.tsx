import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Undo2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useReviewSession } from "#client/lib/use-review-session.ts";
import { cn } from "#client/lib/utils.ts";
import { getDueItems, pivotKeys, reviewItem, undoReview } from "../api/pivot-api.ts";
import {
  currentItem,
  gradeButtons,
  isFinished,
  itemsReviewed,
  keyAction,
  lastGraded,
  type Rating,
  reviewSummary,
} from "../pivot-view.ts";
import type { ReturnFocus } from "./return-focus.ts";

/**
 * The review session (issue 16, item 4): the items due now, disciplines interleaved; Space reveals
 * the answer, 1 to 4 grade it (Again, Hard, Good, Easy) or the buttons, which show the interval each
 * grade schedules ("Good · 3 d", from ts-fsrs through the API); Undo takes the last grade back; a
 * summary at the end. Every figure of the screen is asked again when it closes.
 */
export function ReviewDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: ReturnFocus;
}) {
  const queryClient = useQueryClient();
  const { state, dispatch, loading, error, setError, total } = useReviewSession(() => getDueItems(50), open);
  const [busy, setBusy] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const item = currentItem(state);
  const finished = isFinished(state);

  // The focus follows the session: the question, then the answer once shown, then the summary.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item (state.index) takes the focus too
  useEffect(() => {
    if (!open || loading) return;
    if (finished) summaryRef.current?.focus();
    else if (state.revealed) answerRef.current?.focus();
    else questionRef.current?.focus();
  }, [open, loading, finished, state.revealed, state.index]);

  const grade = async (rating: Rating) => {
    if (!item || busy || !state.revealed) return;
    setBusy(true);
    setError(null);
    try {
      const answered = await reviewItem(item.id, rating);
      dispatch({ type: "graded", rating, item: answered });
    } catch (failure) {
      setError(getErrorMessage(failure, "The grade could not be saved. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  const undo = async () => {
    const last = lastGraded(state);
    if (!last || busy) return;
    setBusy(true);
    setError(null);
    try {
      dispatch({ type: "undone", item: await undoReview(last.itemId) });
    } catch (failure) {
      setError(getErrorMessage(failure, "The last grade could not be undone."));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (busy || event.ctrlKey || event.metaKey || event.altKey) return;
    // Space and Enter on another button (Undo, End session) press that button, as usual.
    const target = event.target as HTMLElement;
    const onOtherButton = target.closest("button, a") && !target.closest("[data-reveal]");
    if ((event.key === " " || event.key === "Enter") && onOtherButton) return;
    const action = keyAction(event.key, state);
    if (action === null) return;
    event.preventDefault();
    if (action === "reveal") dispatch({ type: "reveal" });
    else void grade(action);
  };
  const close = (next: boolean) => {
    if (!next) void queryClient.invalidateQueries({ queryKey: pivotKeys.all });
    onOpenChange(next);
  };

  const position = Math.min(state.index + 1, state.items.length);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-2xl"
        onKeyDown={onKeyDown}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <DialogTitle>Review Session</DialogTitle>
        <DialogDescription>
          Recall the answer, then press Space to check it. Grade yourself with 1 Again, 2 Hard, 3 Good or 4
          Easy.
        </DialogDescription>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {loading ? (
          <Spinner className="py-8" />
        ) : state.items.length === 0 && !error ? (
          <div className="grid gap-3 py-4 text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-success" />
            <h3 ref={summaryRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              Nothing is due now
            </h3>
            <p className="text-muted-foreground">
              Come back when items fall due, or add new items to practise.
            </p>
          </div>
        ) : finished ? (
          <div className="grid gap-3" data-testid="review-summary">
            <h3 ref={summaryRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              Session complete: {itemsReviewed(state)} {itemsReviewed(state) === 1 ? "item" : "items"}{" "}
              reviewed
            </h3>
            <ul className="pivot-grades grid grid-cols-2 gap-2" aria-label="Grades given">
              {reviewSummary(state).map((entry) => (
                <li key={entry.name} className="rounded-md border p-3 text-center">
                  <span className="block text-2xl font-bold">{entry.count}</span>
                  <span className="text-sm text-muted-foreground">{entry.name}</span>
                </li>
              ))}
            </ul>
            {total > state.items.length ? (
              <p className="text-sm text-muted-foreground">
                {total - state.items.length} more {total - state.items.length === 1 ? "item is" : "items are"}{" "}
                due: start another session for them.
              </p>
            ) : null}
          </div>
        ) : item ? (
          <div className="grid gap-4" aria-busy={busy}>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <span>
                Item {position} of {state.items.length}
              </span>
              <span className="flex gap-2">
                <Badge variant="secondary">{item.pivotCardTitle}</Badge>
                <Badge variant="outline">{item.type === "flashcard" ? "Flashcard" : "Concept check"}</Badge>
              </span>
            </div>
            <div
              ref={questionRef}
              tabIndex={-1}
              className="rounded-lg border bg-muted p-4 outline-none"
              data-testid="review-question"
            >
              <p className="text-lg font-medium break-words whitespace-pre-line">{item.question}</p>
              {item.options ? (
                <ol className="mt-3 grid gap-1">
                  {item.options.map((option, index) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: options are positions
                      key={index}
                      className={cn(
                        "rounded-md border bg-card px-3 py-1.5 text-sm break-words",
                        state.revealed &&
                          index === item.correctIndex &&
                          "border-green-200 bg-success-soft font-medium",
                      )}
                    >
                      {String.fromCharCode(65 + index)}. {option}
                      {state.revealed && index === item.correctIndex ? " (correct)" : ""}
                    </li>
                  ))}
                </ol>
              ) : null}
            </div>
            {state.revealed ? (
              <div
                ref={answerRef}
                tabIndex={-1}
                className="grid gap-3 outline-none"
                data-testid="review-answer"
              >
                {item.type === "flashcard" ? (
                  <div className="rounded-lg border border-green-200 bg-success-soft p-4">
                    <h3 className="text-sm font-semibold text-success-soft-foreground">Answer</h3>
                    <p className="mt-1 break-words whitespace-pre-line">{item.answer}</p>
                  </div>
                ) : (
                  <p className="text-sm font-medium text-success-soft-foreground">
                    Correct: {String.fromCharCode(65 + (item.correctIndex ?? 0))}.{" "}
                    {item.options?.[item.correctIndex ?? 0]}
                  </p>
                )}
                <fieldset className="pivot-grades grid grid-cols-2 gap-2">
                  <legend className="sr-only">Grade your recall</legend>
                  {gradeButtons(item).map((button) => (
                    <Button
                      key={button.rating}
                      variant={
                        button.rating === 1 ? "destructive" : button.rating === 3 ? "default" : "outline"
                      }
                      disabled={busy}
                      aria-keyshortcuts={String(button.rating)}
                      onClick={() => void grade(button.rating)}
                    >
                      {button.label}
                    </Button>
                  ))}
                </fieldset>
              </div>
            ) : (
              <Button data-reveal aria-keyshortcuts="Space" onClick={() => dispatch({ type: "reveal" })}>
                Show answer (Space)
              </Button>
            )}
          </div>
        ) : null}
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="outline" disabled={!lastGraded(state) || busy} onClick={() => void undo()}>
            <Undo2 aria-hidden="true" /> Undo last
          </Button>
          <Button variant={finished ? "default" : "outline"} onClick={() => close(false)}>
            {finished ? "Done" : "End session"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
