import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Flame, ListChecks, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import { MasteryInfo } from "#client/components/mastery/mastery-info.tsx";
import { MasteryTrack } from "#client/components/mastery-track.tsx";
import { ReviewSessionView, useReviewGrading } from "#client/components/review-session-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { isFinished, MASTERY_STYLES, masteryPercent } from "#client/lib/review-session.ts";
import { useReviewSession } from "#client/lib/use-review-session.ts";
import { cn } from "#client/lib/utils.ts";
import { READINESS_MESSAGES } from "#shared/schemas/pacing.ts";
import { STUDENT_MESSAGES, type StudentProgress } from "#shared/schemas/student.ts";
import { getStudentDue, gradeStudentItem, practiceKeys, useStudentProgress } from "./api/practice-api.ts";
import { getStrengthenSession } from "./api/readiness-api.ts";
import { studentKeys } from "./api/student-api.ts";
import { MASTERY_WORDS } from "./practice-view.ts";

const SESSION_SIZE = 50;

/**
 * A student's practice: their progress (due today, days in a row, mastery per
 * concept with its colour and its words), and a review session of what is due for them, as the
 * instructor's (Space reveals, 1 to 4 grade, the buttons show each grade's interval); a concept
 * check asks for an option first. `?projectId=` narrows to one project.
 */
export function PracticePage() {
  const search = new URLSearchParams(useSearch());
  const raw = Number(search.get("projectId"));
  const projectId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  // From "Strengthen these concepts first": a session of just those items, started at once.
  const strengthen = projectId !== undefined && search.get("strengthen") === "1";
  const [practising, setPractising] = useState(strengthen);
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
  if (practising)
    return (
      <PracticeSession projectId={projectId} strengthen={strengthen} onEnd={() => setPractising(false)} />
    );
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
                  <MasteryTrack level={concept.masteryLevel} colour={concept.masteryColour} />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PracticeSession({
  projectId,
  strengthen,
  onEnd,
}: {
  projectId: number | undefined;
  strengthen: boolean;
  onEnd: () => void;
}) {
  const queryClient = useQueryClient();
  const session = useReviewSession(
    () =>
      strengthen && projectId !== undefined
        ? getStrengthenSession(projectId)
        : getStudentDue(SESSION_SIZE, projectId),
    true,
    strengthen ? `strengthen-${projectId}` : projectId,
  );
  const { busy, grade } = useReviewGrading(session, gradeStudentItem);
  const over = isFinished(session.state) || session.state.items.length === 0;
  const end = () => {
    void queryClient.invalidateQueries({ queryKey: practiceKeys.all });
    // What is left to strengthen before a launch moves with every review.
    if (projectId !== undefined)
      void queryClient.invalidateQueries({ queryKey: studentKeys.project(projectId) });
    onEnd();
  };

  return (
    <section aria-labelledby="session-heading" className="grid gap-4">
      <div>
        <h1 id="session-heading" className="text-2xl font-semibold tracking-tight">
          {strengthen ? READINESS_MESSAGES.strengthenFirst : "Practice Session"}
        </h1>
        <p className="text-muted-foreground">
          Recall the answer, then press Space to check it. Grade yourself with 1 Again, 2 Hard, 3 Good or 4
          Easy.
        </p>
      </div>
      <ReviewSessionView
        {...session}
        busy={busy}
        onGrade={(rating) => void grade(rating)}
        testIdPrefix="practice"
        headingLevel={2}
        framed
        nothingDue={
          strengthen
            ? { title: "Nothing to strengthen", text: "Your recall of every concept holds for the launch." }
            : { title: "Nothing is due", text: STUDENT_MESSAGES.nothingDue }
        }
      />
      <div className="flex justify-end">
        <Button variant={over ? "default" : "outline"} onClick={end}>
          {over ? "Done" : "End session"}
        </Button>
      </div>
    </section>
  );
}
