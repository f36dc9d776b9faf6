import { CheckCircle2 } from "lucide-react";
import { type Dispatch, useEffect, useRef, useState } from "react";
import { ReviewCard } from "#client/components/review-card.tsx";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  currentItem,
  isFinished,
  itemsReviewed,
  type Rating,
  type ReviewAction,
  type ReviewCardItem,
  type ReviewState,
  reviewSummary,
} from "#client/lib/review-session.ts";
import { cn } from "#client/lib/utils.ts";

/** What a review session's screen needs of `useReviewSession`. */
interface Session<T extends ReviewCardItem> {
  state: ReviewState<T>;
  dispatch: Dispatch<ReviewAction<T>>;
  setError: (error: string | null) => void;
}

/**
 * Grading in a review session, the instructor's and a student's: `grade` saves the current item's
 * grade through `saveGrade` (once the answer shows) and moves on; `run` does any other call of the
 * session (Undo) the same way: one at a time (`busy`), its failure shown as the session's error.
 */
export function useReviewGrading<T extends ReviewCardItem>(
  { state, dispatch, setError }: Session<T>,
  saveGrade: (itemId: number, rating: Rating) => Promise<T>,
) {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>, failureMessage: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(getErrorMessage(failure, failureMessage));
    } finally {
      setBusy(false);
    }
  };
  const grade = async (rating: Rating) => {
    const item = currentItem(state);
    if (!item || !state.revealed) return;
    await run(async () => {
      const answered = await saveGrade(item.id, rating);
      dispatch({ type: "graded", rating, item: answered });
    }, "The grade could not be saved. Please try again.");
  };
  return { busy, run, grade };
}

/**
 * The body of a review session, one for the instructor's Review Session dialog (Pivot Assets) and a
 * student's Practice Session: its error, the loading spinner, "nothing due", the card of the
 * current item, and at the end the summary of the grades given (which takes the focus, as "nothing
 * due" does). `framed` puts each part in a bordered box (the student's page; the dialog is its
 * own frame); the headings are one below the session's own (`headingLevel`).
 */
export function ReviewSessionView<T extends ReviewCardItem>({
  state,
  dispatch,
  loading,
  error,
  total,
  busy,
  onGrade,
  testIdPrefix,
  headingLevel,
  framed,
  nothingDue,
}: Session<T> & {
  loading: boolean;
  error: string | null;
  total: number;
  busy: boolean;
  onGrade: (rating: Rating) => void;
  /** "review" (instructor) or "practice" (student): the summary is `<prefix>-summary`. */
  testIdPrefix: string;
  headingLevel: 2 | 3;
  framed: boolean;
  nothingDue: { title: string; text: string };
}) {
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const finished = isFinished(state);
  const empty = state.items.length === 0;
  const Heading = `h${headingLevel}` as "h2" | "h3";

  // The card moves the focus between its question and answer; at the end, the summary takes it.
  useEffect(() => {
    if (!loading && (finished || empty)) summaryRef.current?.focus();
  }, [loading, finished, empty]);

  const body = () => {
    if (loading) return <Spinner className="py-8" />;
    if (empty) {
      if (error) return null;
      return (
        <div className={cn("grid gap-3 text-center", framed ? "rounded-lg border bg-card p-6" : "py-4")}>
          <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-success" />
          <Heading ref={summaryRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {nothingDue.title}
          </Heading>
          <p className="text-muted-foreground">{nothingDue.text}</p>
        </div>
      );
    }
    if (finished) {
      const reviewed = itemsReviewed(state);
      const more = total - state.items.length;
      return (
        <div
          className={cn("grid gap-3", framed && "rounded-lg border bg-card p-4")}
          data-testid={`${testIdPrefix}-summary`}
        >
          <Heading ref={summaryRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Session complete: {reviewed} {reviewed === 1 ? "item" : "items"} reviewed
          </Heading>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Grades given">
            {reviewSummary(state).map((entry) => (
              <li key={entry.name} className="rounded-md border p-3 text-center">
                <span className="block text-2xl font-bold">{entry.count}</span>
                <span className="text-sm text-muted-foreground">{entry.name}</span>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className="text-sm text-muted-foreground">
              {more} more {more === 1 ? "item is" : "items are"} due: start another session for them.
            </p>
          )}
        </div>
      );
    }
    const card = (
      <ReviewCard
        key={state.index}
        state={state}
        busy={busy}
        onReveal={() => dispatch({ type: "reveal" })}
        onGrade={onGrade}
        testIdPrefix={testIdPrefix}
        headingLevel={headingLevel}
      />
    );
    return framed ? <div className="rounded-lg border bg-card p-4">{card}</div> : card;
  };

  return (
    <>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {body()}
    </>
  );
}
