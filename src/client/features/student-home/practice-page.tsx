import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Flame, ListChecks, Play } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import { MasteryInfo } from "#client/components/mastery/mastery-info.tsx";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  currentItem,
  gradeButtons,
  isFinished,
  itemsReviewed,
  MASTERY_STYLES,
  masteryPercent,
  type Rating,
  reviewSummary,
} from "#client/lib/review-session.ts";
import { useReviewSession } from "#client/lib/use-review-session.ts";
import { cn } from "#client/lib/utils.ts";
import { STUDENT_MESSAGES, type StudentProgress } from "#shared/schemas/student.ts";
import { getStudentDue, gradeStudentItem, practiceKeys, useStudentProgress } from "./practice-api.ts";
import { MASTERY_WORDS, optionLetter, practiceKeyAction } from "./practice-view.ts";

const SESSION_SIZE = 50;

/**
 * A student's practice (issue 19 item 4): their progress (due today, days in a row, mastery per
 * concept with its colour and its words), and a review session of what is due for them, as the
 * instructor's (Space reveals, 1 to 4 grade, the buttons show each grade's interval); a concept
 * check asks for an option first. `?projectId=` narrows to one project.
 */
export function PracticePage() {
  const search = new URLSearchParams(useSearch());
  const raw = Number(search.get("projectId"));
  const projectId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const [practising, setPractising] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasPractising = useRef(false);
  useEffect(() => {
    document.title = "Practice · Pivot & Launch";
  }, []);
  // Back from a session, the focus returns to Start practice.
  useEffect(() => {
    if (!practising && wasPractising.current) startRef.current?.focus();
    wasPractising.current = practising;
  }, [practising]);
  if (practising) return <PracticeSession projectId={projectId} onEnd={() => setPractising(false)} />;
  return <ProgressView projectId={projectId} startRef={startRef} onStart={() => setPractising(true)} />;
}

function ProgressView({
  projectId,
  startRef,
  onStart,
}: {
  projectId: number | undefined;
  startRef: React.RefObject<HTMLButtonElement | null>;
  onStart: () => void;
}) {
  const progress = useStudentProgress();
  const concepts = (progress.data?.concepts ?? []).filter(
    (concept) => projectId === undefined || concept.projectId === projectId,
  );
  const projectTitle = projectId === undefined ? null : concepts[0]?.projectTitle;
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Practice</h1>
        <p className="text-muted-foreground">
          {projectTitle
            ? `Retrieval practice of ${projectTitle}'s concepts, on your own schedule.`
            : "Retrieval practice of your projects' concepts, on your own schedule."}
        </p>
      </div>
      {progress.isPending && <Spinner className="py-8" />}
      {progress.isError && (
        <ErrorAlert error={progress.error} fallback="Your progress could not be loaded." />
      )}
      {progress.data && (
        <>
          <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-3" aria-label="Your progress">
            <Tile
              icon={<ListChecks aria-hidden="true" className="size-5" />}
              label="Due today"
              value={progress.data.dueToday}
            />
            <Tile
              icon={<Flame aria-hidden="true" className="size-5" />}
              label="Days in a row"
              value={progress.data.streakDays}
            />
            <Tile
              icon={<CheckCircle2 aria-hidden="true" className="size-5" />}
              label="Reviewed today"
              value={progress.data.reviewedToday}
            />
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button ref={startRef} onClick={onStart}>
              <Play aria-hidden="true" /> Start practice
            </Button>
            {progress.data.dueToday === 0 && (
              <p className="text-sm text-muted-foreground">{STUDENT_MESSAGES.nothingDue}</p>
            )}
          </div>
          <Mastery concepts={concepts} />
        </>
      )}
    </>
  );
}

function Tile({ icon, label, value }: { icon: React.ReactNode; label: string; value: number }) {
  return (
    <li className="rounded-lg border bg-card p-4">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        {icon} {label}
      </p>
      <p className="mt-1 text-3xl font-bold" data-testid={`tile-${label.toLowerCase().replaceAll(" ", "-")}`}>
        {value}
      </p>
    </li>
  );
}

function Mastery({ concepts }: { concepts: StudentProgress["concepts"] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-1">
        <h2 className="font-semibold">Mastery per Concept</h2>
        <MasteryInfo />
      </CardHeader>
      <CardContent>
        {concepts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No concepts yet: your instructor has not linked pivot cards to your projects.
          </p>
        ) : (
          <ul className="grid gap-4">
            {concepts.map((concept) => {
              const style = MASTERY_STYLES[concept.masteryColour];
              const percent = masteryPercent(concept.masteryLevel);
              return (
                <li key={concept.pivotCardId} className="grid gap-1" data-testid="concept-mastery">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                    <span className="min-w-0 break-words">
                      <span className="font-medium">{concept.title}</span>{" "}
                      <span className="text-muted-foreground">
                        · {concept.projectTitle} · {concept.itemCount}{" "}
                        {concept.itemCount === 1 ? "item" : "items"}
                      </span>
                    </span>
                    <span className={cn("font-semibold", style.text)}>
                      {percent} {MASTERY_WORDS[concept.masteryColour]}
                    </span>
                  </div>
                  {/* The percent and its words say it; the bar is for the eye. */}
                  <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
                    <div className={cn("h-full rounded-full", style.bar)} style={{ width: percent }} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PracticeSession({ projectId, onEnd }: { projectId: number | undefined; onEnd: () => void }) {
  const queryClient = useQueryClient();
  const { state, dispatch, loading, error, setError, total } = useReviewSession(
    () => getStudentDue(SESSION_SIZE, projectId),
    true,
    projectId,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const item = currentItem(state);
  const finished = isFinished(state);

  // The focus follows the session: the question, the answer once shown, then the summary.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item (state.index) takes the focus too
  useEffect(() => {
    if (loading) return;
    if (finished || state.items.length === 0) summaryRef.current?.focus();
    else if (state.revealed) answerRef.current?.focus();
    else questionRef.current?.focus();
  }, [loading, finished, state.revealed, state.index]);

  const reveal = () => {
    if (item?.type === "concept-check" && (item.options?.length ?? 0) > 0 && chosen === null) {
      setHint("Choose an option first (A, B, C...).");
      return;
    }
    setHint(null);
    dispatch({ type: "reveal" });
  };
  const grade = async (rating: Rating) => {
    if (!item || busy || !state.revealed) return;
    setBusy(true);
    setError(null);
    try {
      const answered = await gradeStudentItem(item.id, rating);
      setChosen(null);
      dispatch({ type: "graded", rating, item: answered });
    } catch (failure) {
      setError(getErrorMessage(failure, "The grade could not be saved. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (busy || event.ctrlKey || event.metaKey || event.altKey) return;
    // Space and Enter on a button press that button, as usual (the reveal button reveals).
    const target = event.target as HTMLElement;
    if ((event.key === " " || event.key === "Enter") && target.closest("button, a")) return;
    const action = practiceKeyAction(event.key, state, chosen);
    if (action === null) return;
    event.preventDefault();
    if (action === "reveal" || action === "choose-first") reveal();
    else if ("choose" in action) {
      setChosen(action.choose);
      setHint(null);
    } else void grade(action.grade);
  };
  const end = () => {
    void queryClient.invalidateQueries({ queryKey: practiceKeys.all });
    onEnd();
  };

  const position = Math.min(state.index + 1, state.items.length);
  return (
    // The session's keys (Space, 1 to 4, A to D) are read from anywhere inside it; every action also has a button.
    <section aria-labelledby="session-heading" className="grid gap-4" onKeyDown={onKeyDown}>
      <div>
        <h1 id="session-heading" className="text-2xl font-semibold tracking-tight">
          Practice Session
        </h1>
        <p className="text-muted-foreground">
          Recall the answer, then press Space to check it. Grade yourself with 1 Again, 2 Hard, 3 Good or 4
          Easy.
        </p>
      </div>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {loading ? (
        <Spinner className="py-8" />
      ) : state.items.length === 0 ? (
        !error && (
          <div className="grid gap-3 rounded-lg border bg-card p-6 text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-success" />
            <h2 ref={summaryRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              Nothing is due
            </h2>
            <p className="text-muted-foreground">{STUDENT_MESSAGES.nothingDue}</p>
          </div>
        )
      ) : finished ? (
        <div className="grid gap-3 rounded-lg border bg-card p-4" data-testid="practice-summary">
          <h2 ref={summaryRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Session complete: {itemsReviewed(state)} {itemsReviewed(state) === 1 ? "item" : "items"} reviewed
          </h2>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Grades given">
            {reviewSummary(state).map((entry) => (
              <li key={entry.name} className="rounded-md border p-3 text-center">
                <span className="block text-2xl font-bold">{entry.count}</span>
                <span className="text-sm text-muted-foreground">{entry.name}</span>
              </li>
            ))}
          </ul>
          {total > state.items.length && (
            <p className="text-sm text-muted-foreground">
              {total - state.items.length} more {total - state.items.length === 1 ? "item is" : "items are"}{" "}
              due: start another session for them.
            </p>
          )}
        </div>
      ) : item ? (
        <div className="grid gap-4 rounded-lg border bg-card p-4" aria-busy={busy}>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <span>
              Item {position} of {state.items.length}
            </span>
            <span className="flex flex-wrap gap-2">
              <Badge variant="secondary" className="max-w-full break-words whitespace-normal">
                {item.pivotCardTitle}
              </Badge>
              <Badge variant="outline">{item.type === "flashcard" ? "Flashcard" : "Concept check"}</Badge>
            </span>
          </div>
          <div
            ref={questionRef}
            tabIndex={-1}
            className="rounded-lg border bg-muted p-4 outline-none"
            data-testid="practice-question"
          >
            <p className="text-lg font-medium break-words whitespace-pre-line">{item.question}</p>
            {item.options && item.options.length > 0 && (
              <fieldset className="mt-3 grid gap-2">
                <legend className="mb-1 text-sm text-muted-foreground">
                  Choose an option (A, B, C...), then check it.
                </legend>
                {item.options.map((option, index) => {
                  const correct = state.revealed && index === item.correctIndex;
                  const wrong = state.revealed && index === chosen && index !== item.correctIndex;
                  return (
                    <Button
                      // biome-ignore lint/suspicious/noArrayIndexKey: options are positions
                      key={index}
                      type="button"
                      variant="outline"
                      aria-pressed={chosen === index}
                      disabled={state.revealed}
                      onClick={() => {
                        setChosen(index);
                        setHint(null);
                      }}
                      className={cn(
                        "h-auto justify-start text-left whitespace-normal break-words disabled:opacity-100",
                        chosen === index && "border-primary ring-2 ring-primary",
                        correct && "border-green-200 bg-success-soft font-medium",
                        wrong && "border-destructive",
                      )}
                    >
                      {optionLetter(index)}. {option}
                      {correct ? " (correct)" : wrong ? " (your choice)" : ""}
                    </Button>
                  );
                })}
              </fieldset>
            )}
          </div>
          {hint && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {hint}
            </p>
          )}
          {state.revealed ? (
            <div
              ref={answerRef}
              tabIndex={-1}
              className="grid gap-3 outline-none"
              data-testid="practice-answer"
            >
              {item.type === "flashcard" ? (
                <div className="rounded-lg border border-green-200 bg-success-soft p-4">
                  <h2 className="text-sm font-semibold text-success-soft-foreground">Answer</h2>
                  <p className="mt-1 break-words whitespace-pre-line">{item.answer}</p>
                </div>
              ) : (
                <p className="text-sm font-medium text-success-soft-foreground">
                  {chosen === item.correctIndex ? "Right! " : "Not quite. "}
                  Correct: {optionLetter(item.correctIndex ?? 0)}. {item.options?.[item.correctIndex ?? 0]}
                </p>
              )}
              <fieldset className="grid grid-cols-2 gap-2">
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
                    {button.rating} {button.label}
                  </Button>
                ))}
              </fieldset>
            </div>
          ) : (
            <Button aria-keyshortcuts="Space" onClick={reveal}>
              Show answer (Space)
            </Button>
          )}
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button variant={finished || state.items.length === 0 ? "default" : "outline"} onClick={end}>
          {finished || state.items.length === 0 ? "Done" : "End session"}
        </Button>
      </div>
    </section>
  );
}
