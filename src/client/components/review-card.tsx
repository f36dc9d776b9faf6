import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  cardKeyAction,
  gradeButtons,
  optionLetter,
  type Rating,
  type ReviewCardItem,
  type ReviewState,
} from "#client/lib/review-session.ts";
import { cn } from "#client/lib/utils.ts";

const CHOOSE_FIRST = "Choose an option first (A, B, C...).";

/**
 * The card of a review session, one for the instructor's Review Session (Pivot Assets) and a
 * student's Practice Session: the question; for a concept check the options, one chosen first (A to
 * D, or a click) before the answer shows; Space reveals; then the answer and the grade buttons (1 to
 * 4, each with the interval it schedules). Its keys are read anywhere inside it. Give it
 * `key={state.index}` so that a new item starts with no option chosen; the focus follows it: the
 * question, then the answer once shown.
 */
export function ReviewCard<T extends ReviewCardItem>({
  state,
  busy,
  onReveal,
  onGrade,
  testIdPrefix,
  headingLevel,
}: {
  state: ReviewState<T>;
  busy: boolean;
  onReveal: () => void;
  onGrade: (rating: Rating) => void;
  /** "review" (instructor) or "practice" (student): the card's parts are `<prefix>-question`, `<prefix>-answer`. */
  testIdPrefix: string;
  /** The answer's heading, one below the session's own heading. */
  headingLevel: 2 | 3;
}) {
  const item = state.items[state.index];
  const [chosen, setChosen] = useState<number | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.revealed) answerRef.current?.focus();
    else questionRef.current?.focus();
  }, [state.revealed]);

  if (!item) return null;
  const options = item.type === "concept-check" ? (item.options ?? []) : [];
  const choose = (index: number) => {
    setChosen(index);
    setHint(null);
  };
  const reveal = () => {
    if (options.length > 0 && chosen === null) {
      setHint(CHOOSE_FIRST);
      return;
    }
    setHint(null);
    onReveal();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (busy || event.ctrlKey || event.metaKey || event.altKey) return;
    // Space and Enter on a button press that button, as usual (the reveal button reveals).
    const target = event.target as HTMLElement;
    if ((event.key === " " || event.key === "Enter") && target.closest("button, a")) return;
    const action = cardKeyAction(event.key, state, chosen);
    if (action === null) return;
    event.preventDefault();
    if (action === "reveal" || action === "choose-first") reveal();
    else if ("choose" in action) choose(action.choose);
    else onGrade(action.grade);
  };
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const correctIndex = item.correctIndex ?? 0;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the session's keys (Space, 1 to 4, A to D) are read from anywhere inside it; every action also has a button
    <div className="grid gap-4" aria-busy={busy} onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>
          Item {Math.min(state.index + 1, state.items.length)} of {state.items.length}
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
        data-testid={`${testIdPrefix}-question`}
      >
        <p className="text-lg font-medium break-words whitespace-pre-line">{item.question}</p>
        {options.length > 0 && (
          <fieldset className="mt-3 grid gap-2">
            <legend className="mb-1 text-sm text-muted-foreground">
              Choose an option (A, B, C...), then check it.
            </legend>
            {options.map((option, index) => {
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
                  onClick={() => choose(index)}
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
          data-testid={`${testIdPrefix}-answer`}
        >
          {item.type === "flashcard" ? (
            <div className="rounded-lg border border-green-200 bg-success-soft p-4">
              <Heading className="text-sm font-semibold text-success-soft-foreground">Answer</Heading>
              <p className="mt-1 break-words whitespace-pre-line">{item.answer}</p>
            </div>
          ) : (
            <p className="text-sm font-medium text-success-soft-foreground">
              {chosen === item.correctIndex ? "Right! " : "Not quite. "}
              Correct: {optionLetter(correctIndex)}. {options[correctIndex]}
            </p>
          )}
          <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <legend className="sr-only">Grade your recall</legend>
            {gradeButtons(item).map((button) => (
              <Button
                key={button.rating}
                variant={button.rating === 1 ? "destructive" : button.rating === 3 ? "default" : "outline"}
                disabled={busy}
                aria-keyshortcuts={String(button.rating)}
                onClick={() => onGrade(button.rating)}
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
  );
}
