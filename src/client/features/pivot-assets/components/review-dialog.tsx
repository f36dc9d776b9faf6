import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Undo2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ReviewCard } from "#client/components/review-card.tsx";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useReviewSession } from "#client/lib/use-review-session.ts";
import { getDueItems, pivotKeys, reviewItem, undoReview } from "../api/pivot-api.ts";
import {
  currentItem,
  isFinished,
  itemsReviewed,
  lastGraded,
  type Rating,
  reviewSummary,
} from "../pivot-view.ts";
import type { ReturnFocus } from "./return-focus.ts";

/**
 * The review session: the items due now, disciplines interleaved; Space reveals
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
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const item = currentItem(state);
  const finished = isFinished(state);

  // The card moves the focus between its question and answer; at the end, the summary takes it.
  useEffect(() => {
    if (open && !loading && (finished || state.items.length === 0)) summaryRef.current?.focus();
  }, [open, loading, finished, state.items.length]);

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
  const close = (next: boolean) => {
    if (!next) void queryClient.invalidateQueries({ queryKey: pivotKeys.all });
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-2xl"
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
          <ReviewCard
            key={state.index}
            state={state}
            busy={busy}
            onReveal={() => dispatch({ type: "reveal" })}
            onGrade={(rating) => void grade(rating)}
            testIdPrefix="review"
            headingLevel={3}
          />
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
