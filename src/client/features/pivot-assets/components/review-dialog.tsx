import { useQueryClient } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { ReviewSessionView, useReviewGrading } from "#client/components/review-session-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { useReviewSession } from "#client/lib/use-review-session.ts";
import { getDueItems, pivotKeys, reviewItem, undoReview } from "../api/pivot-api.ts";
import { isFinished, lastGraded } from "../pivot-view.ts";
import type { DialogControl } from "./return-focus.ts";

/**
 * The review session: the items due now, disciplines interleaved; Space reveals
 * the answer, 1 to 4 grade it (Again, Hard, Good, Easy) or the buttons, which show the interval each
 * grade schedules ("Good · 3 d", from ts-fsrs through the API); Undo takes the last grade back; a
 * summary at the end. Every figure of the screen is asked again when it closes.
 */
export function ReviewDialog({ open, onOpenChange, returnFocus }: DialogControl) {
  const queryClient = useQueryClient();
  const session = useReviewSession(() => getDueItems(50), open);
  const { state, dispatch } = session;
  const { busy, run, grade } = useReviewGrading(session, reviewItem);
  const finished = isFinished(state);

  const undo = async () => {
    const last = lastGraded(state);
    if (!last) return;
    await run(async () => {
      dispatch({ type: "undone", item: await undoReview(last.itemId) });
    }, "The last grade could not be undone.");
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
        <ReviewSessionView
          {...session}
          busy={busy}
          onGrade={(rating) => void grade(rating)}
          testIdPrefix="review"
          headingLevel={3}
          framed={false}
          nothingDue={{
            title: "Nothing is due now",
            text: "Come back when items fall due, or add new items to practise.",
          }}
        />
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
