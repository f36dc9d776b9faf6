import { Trash2 } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { TEAM_CRITERION_WEIGHT_MAX, type TeamCriterion } from "#shared/schemas/teams.ts";
import type { QuestionDraft, SurveyErrors } from "./team-survey-draft.ts";

const KIND_LABELS: Record<TeamCriterion["kind"], string> = {
  choice: "One choice",
  multi: "Several choices",
  scale: "Scale",
};

// Grows with its options, so that every option stays in sight.
const textareaClassName =
  "field-sizing-content min-h-24 rounded-md border border-input bg-card px-3 py-2 text-sm";

/** One question's fields: title, kind, options or scale, similar or diverse, weight; Remove. */
export function QuestionFields({
  idPrefix,
  index,
  question,
  errors,
  onChange,
  onRemove,
}: {
  idPrefix: string;
  index: number;
  question: QuestionDraft;
  errors: SurveyErrors;
  onChange: (next: Partial<QuestionDraft>) => void;
  onRemove: () => void;
}) {
  const id = `${idPrefix}-${question.key}`;
  const error = (field: string) => errors[`criteria.${index}.${field}`];
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3" data-testid="team-survey-question">
      <legend className="px-1 font-medium">Question {index + 1}</legend>
      <FormField id={`${id}-title`} label="Question" error={error("title")}>
        <Input
          maxLength={200}
          value={question.title}
          onChange={(event) => onChange({ title: event.target.value })}
          {...describedBy(`${id}-title`, error("title"))}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-kind`} label="Answered by" error={error("kind")}>
          <NativeSelect
            value={question.kind}
            onChange={(event) => onChange({ kind: event.target.value as TeamCriterion["kind"] })}
            {...describedBy(`${id}-kind`, error("kind"))}
          >
            {Object.entries(KIND_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-weight`}
          label={`Weight (0 to ${TEAM_CRITERION_WEIGHT_MAX})`}
          error={error("weight")}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={TEAM_CRITERION_WEIGHT_MAX}
            value={question.weight}
            onChange={(event) => onChange({ weight: event.target.value })}
            {...describedBy(`${id}-weight`, error("weight"))}
          />
        </FormField>
      </div>
      {question.kind === "scale" ? (
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-medium">Scale</legend>
          <div className="grid grid-cols-2 gap-3">
            <FormField id={`${id}-min`} label="Lowest">
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={10}
                value={question.scaleMin}
                onChange={(event) => onChange({ scaleMin: event.target.value })}
                {...describedBy(`${id}-min`, error("scale"))}
                aria-describedby={error("scale") ? `${id}-scale-error` : undefined}
              />
            </FormField>
            <FormField id={`${id}-max`} label="Highest">
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={10}
                value={question.scaleMax}
                onChange={(event) => onChange({ scaleMax: event.target.value })}
                {...describedBy(`${id}-max`, error("scale"))}
                aria-describedby={error("scale") ? `${id}-scale-error` : undefined}
              />
            </FormField>
          </div>
          {error("scale") ? (
            <p id={`${id}-scale-error`} className="text-sm text-destructive-soft-foreground">
              {error("scale")}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <FormField id={`${id}-options`} label="Options (one a line)" error={error("options")}>
          <textarea
            className={textareaClassName}
            value={question.options}
            onChange={(event) => onChange({ options: event.target.value })}
            {...describedBy(`${id}-options`, error("options"))}
          />
        </FormField>
      )}
      <fieldset
        className="grid min-w-0 gap-2"
        aria-describedby={error("mode") ? `${id}-mode-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">In a team</legend>
        {(["similar", "diverse"] as const).map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={question.mode === mode}
              onChange={() => onChange({ mode })}
            />
            {mode === "similar" ? "Group similar answers" : "Group diverse answers"}
          </label>
        ))}
        {error("mode") ? (
          <p id={`${id}-mode-error`} className="text-sm text-destructive-soft-foreground">
            {error("mode")}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Remove question ${index + 1}${question.title.trim() ? `: ${question.title.trim()}` : ""}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
    </fieldset>
  );
}
