import { Save } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { SubmitForm } from "#client/components/ui/form-field.tsx";
import { answerProblem, DEFAULT_SCALE } from "#shared/domain/team-survey.ts";
import type { TeamAnswerValue, TeamCriterion, TeamSurvey, TeamSurveyAnswer } from "#shared/schemas/teams.ts";
import { useAnswerTeamSurvey, useStudentTeamSurvey } from "./api/team-survey-api.ts";
import { TeamSurveyWeekGrid } from "./team-survey-week-grid.tsx";

type Underrepresented = "yes" | "no" | "unsaid" | "";

const UNDERREPRESENTED_CHOICES: [Exclude<Underrepresented, "">, string][] = [
  ["yes", "Yes"],
  ["no", "No"],
  ["unsaid", "Prefer not to say"],
];

const underrepresentedOf = (answer: TeamSurveyAnswer | null): Underrepresented => {
  if (!answer) return "";
  if (answer.underrepresented === null) return "unsaid";
  return answer.underrepresented ? "yes" : "no";
};

const optionClassName = "flex min-h-9 cursor-pointer items-center gap-2 text-sm";

/** One question: a radio group (one choice, or a scale's numbers with its ends named) or checkboxes. */
function QuestionField({
  name,
  criterion,
  value,
  onChange,
}: {
  name: string;
  criterion: TeamCriterion;
  value: TeamAnswerValue | undefined;
  onChange: (value: TeamAnswerValue) => void;
}) {
  if (criterion.kind === "scale") {
    const { min, max } = criterion.scale ?? DEFAULT_SCALE;
    const steps = Array.from({ length: max - min + 1 }, (_, index) => min + index);
    return (
      <div className="flex flex-wrap gap-x-2 gap-y-3">
        {steps.map((step) => (
          <label key={step} className="flex w-14 cursor-pointer flex-col items-center gap-1 text-sm">
            <input
              type="radio"
              name={name}
              value={step}
              checked={value === step}
              onChange={() => onChange(step)}
            />
            {step}{" "}
            {step === min || step === max ? (
              <span className="text-xs text-muted-foreground">{step === min ? "lowest" : "highest"}</span>
            ) : null}
          </label>
        ))}
      </div>
    );
  }
  if (criterion.kind === "choice") {
    return (
      <div className="grid gap-1">
        {criterion.options.map((option) => (
          <label key={option} className={optionClassName}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span className="break-words">{option}</span>
          </label>
        ))}
      </div>
    );
  }
  const chosen = Array.isArray(value) ? value : [];
  return (
    <div className="grid gap-1">
      {criterion.options.map((option) => (
        <label key={option} className={optionClassName}>
          <input
            type="checkbox"
            value={option}
            checked={chosen.includes(option)}
            onChange={(event) =>
              // In the survey's order, whatever order they were ticked in.
              onChange(
                criterion.options.filter((item) =>
                  item === option ? event.target.checked : chosen.includes(item),
                ),
              )
            }
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
    </div>
  );
}

/** The answers to send: questions not answered (or with nothing ticked) are left out. */
const givenAnswers = (answers: Record<string, TeamAnswerValue>) =>
  Object.fromEntries(
    Object.entries(answers).filter(([, value]) => !(Array.isArray(value) && value.length === 0)),
  );

function TeamSurveyForm({
  projectId,
  survey,
  answer,
}: {
  projectId: number;
  survey: TeamSurvey;
  answer: TeamSurveyAnswer | null;
}) {
  const baseId = useId();
  const save = useAnswerTeamSurvey(projectId);
  const [answers, setAnswers] = useState<Record<string, TeamAnswerValue>>(() => ({ ...answer?.answers }));
  const [free, setFree] = useState<ReadonlySet<number>>(() => new Set(answer?.availability ?? []));
  const [underrepresented, setUnderrepresented] = useState<Underrepresented>(() =>
    underrepresentedOf(answer),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = () => {
    setSaved(false);
    setProblem(null);
  };

  const submit = () => {
    if (save.isPending) return;
    const given = givenAnswers(answers);
    const found = answerProblem(survey.criteria, given);
    setProblem(found);
    if (found) return;
    save.mutate(
      {
        answers: given,
        availability: [...free].sort((a, b) => a - b),
        ...(survey.askUnderrepresented
          ? { underrepresented: underrepresented === "yes" ? true : underrepresented === "no" ? false : null }
          : {}),
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  const weekId = `${baseId}-week`;
  return (
    <SubmitForm onSubmit={submit} className="grid gap-5">
      {survey.criteria.map((criterion) => (
        <fieldset key={criterion.id} className="grid min-w-0 gap-2">
          <legend className="mb-1 font-medium break-words">{criterion.title}</legend>
          {criterion.kind === "multi" && (
            <p className="text-sm text-muted-foreground">Tick as many as apply.</p>
          )}
          <QuestionField
            name={`${baseId}-${criterion.id}`}
            criterion={criterion}
            value={answers[criterion.id]}
            onChange={(value) => {
              changed();
              setAnswers((current) => ({ ...current, [criterion.id]: value }));
            }}
          />
        </fieldset>
      ))}
      {survey.availability && (
        <div className="grid min-w-0 gap-2">
          <h3 id={weekId} className="font-medium">
            When are you usually free to meet your team?
          </h3>
          <p className="text-sm text-muted-foreground">Tick each part of the week you could meet.</p>
          <TeamSurveyWeekGrid
            captionId={weekId}
            free={free}
            onToggle={(block, checked) => {
              changed();
              setFree((current) => {
                const next = new Set(current);
                if (checked) next.add(block);
                else next.delete(block);
                return next;
              });
            }}
          />
        </div>
      )}
      {survey.askUnderrepresented && (
        <fieldset className="grid min-w-0 gap-2" aria-describedby={`${baseId}-underrepresented-hint`}>
          <legend className="mb-1 font-medium">
            Do you belong to a group under-represented in this field? (optional)
          </legend>
          <p id={`${baseId}-underrepresented-hint`} className="text-sm text-muted-foreground">
            Only your instructor sees it. It is used so that no team leaves you as the only one.
          </p>
          {UNDERREPRESENTED_CHOICES.map(([value, label]) => (
            <label key={value} className={optionClassName}>
              <input
                type="radio"
                name={`${baseId}-underrepresented`}
                value={value}
                checked={underrepresented === value}
                onChange={() => {
                  changed();
                  setUnderrepresented(value);
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          {problem}
        </p>
      )}
      {save.isError && <ErrorAlert error={save.error} fallback="Your answers could not be saved." />}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden="true" /> Save answers
        </Button>
        <p role="status" className="text-sm font-medium">
          {saved ? "Answers saved" : ""}
        </p>
      </div>
    </SubmitForm>
  );
}

/**
 * The team survey on the student's project page, while the instructor has it on: the questions,
 * the week's free time blocks, the optional under-representation question; answers checked against
 * the questions before sending, and changed as often as the student likes until teams are formed.
 */
export function TeamSurveyCard({ projectId }: { projectId: number }) {
  const teamSurvey = useStudentTeamSurvey(projectId);
  const headingId = useId();
  if (teamSurvey.isError) {
    return <ErrorAlert error={teamSurvey.error} fallback="The team survey could not be loaded." />;
  }
  const survey = teamSurvey.data?.survey;
  if (!survey) return null;
  const answer = teamSurvey.data?.answer ?? null;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="font-semibold">
          Team survey
        </h2>
        <CardDescription>
          Your instructor forms teams from these answers.{" "}
          {answer
            ? `You answered on ${new Date(answer.answeredAt).toLocaleDateString(undefined, { dateStyle: "long" })}; you can change your answers until teams are formed.`
            : "Answer what you can; you can change your answers until teams are formed."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A changed survey starts the form again from what still fits. */}
        <TeamSurveyForm key={survey.updatedAt} projectId={projectId} survey={survey} answer={answer} />
      </CardContent>
    </Card>
  );
}
