import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Input, inputClassName } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/utils.ts";
import { RUBRIC_LIMITS } from "#shared/schemas/rubrics.ts";
import {
  blankCriterion,
  type CellErrors,
  type CriterionDraft,
  type LevelDraft,
  type RubricDraft,
} from "../rubric-draft.ts";

/** A labelled input with its message below, tied by aria-describedby. */
function Cell({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive-soft-foreground">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

/**
 * The rubric's grid: one row per criterion (title, weight), its levels side by side (each a title,
 * points and a descriptor); on a narrow screen each criterion is a list of its levels. Every control
 * is a native input or button, so the grid is edited with the keyboard alone; each message of the
 * server or the browser is shown at the cell it names.
 */
export function RubricBuilder({
  draft,
  errors,
  onChange,
}: {
  draft: RubricDraft;
  errors: CellErrors;
  onChange: (draft: RubricDraft) => void;
}) {
  // After adding or removing a row the focus goes where the keyboard user continues.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);
  const setCriteria = (criteria: CriterionDraft[]) => onChange({ ...draft, criteria });
  const setCriterion = (index: number, criterion: CriterionDraft) =>
    setCriteria(draft.criteria.map((current, at) => (at === index ? criterion : current)));
  const setLevel = (index: number, levelIndex: number, level: LevelDraft) => {
    const criterion = draft.criteria[index];
    if (!criterion) return;
    setCriterion(index, {
      ...criterion,
      levels: criterion.levels.map((current, at) => (at === levelIndex ? level : current)),
    });
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Cell id="rubric-title" label="Rubric title" error={errors.title}>
          {(props) => (
            <Input
              {...props}
              value={draft.title}
              maxLength={RUBRIC_LIMITS.title}
              onChange={(event) => onChange({ ...draft, title: event.target.value })}
            />
          )}
        </Cell>
        <Cell id="rubric-description" label="Description (optional)" error={errors.description}>
          {(props) => (
            <Input
              {...props}
              value={draft.description}
              onChange={(event) => onChange({ ...draft, description: event.target.value })}
            />
          )}
        </Cell>
      </div>
      {errors.criteria ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          {errors.criteria}
        </p>
      ) : null}
      <ol className="grid gap-4" aria-label="Criteria">
        {draft.criteria.map((criterion, index) => {
          const at = `criteria.${index}`;
          const name = criterion.title.trim() || `Criterion ${index + 1}`;
          return (
            // Criteria have no stable key while being added: their position is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="rounded-lg border bg-card p-4">
              <fieldset className="grid gap-3">
                <legend className="mb-2 font-semibold">Criterion {index + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
                  <Cell id={`criterion-${index}-title`} label="Criterion" error={errors[`${at}.title`]}>
                    {(props) => (
                      <Input
                        {...props}
                        value={criterion.title}
                        onChange={(event) => setCriterion(index, { ...criterion, title: event.target.value })}
                      />
                    )}
                  </Cell>
                  <Cell id={`criterion-${index}-weight`} label="Weight" error={errors[`${at}.weight`]}>
                    {(props) => (
                      <Input
                        {...props}
                        type="number"
                        min={0}
                        step="any"
                        value={Number.isNaN(criterion.weight) ? "" : criterion.weight}
                        onChange={(event) =>
                          setCriterion(index, {
                            ...criterion,
                            weight: numberOrNull(event.target.value) ?? Number.NaN,
                          })
                        }
                      />
                    )}
                  </Cell>
                  <Button
                    variant="outline"
                    onClick={() => {
                      setCriteria(draft.criteria.filter((_, at) => at !== index));
                      setFocusId("add-criterion");
                    }}
                    aria-label={`Remove criterion ${index + 1} (${name})`}
                  >
                    <Trash2 aria-hidden="true" /> Remove
                  </Button>
                </div>
                {errors[`${at}.levels`] ? (
                  <p className="text-sm text-destructive-soft-foreground">{errors[`${at}.levels`]}</p>
                ) : null}
                <ol
                  className="grid gap-3 md:grid-flow-col md:auto-cols-[minmax(11rem,1fr)] md:overflow-x-auto"
                  aria-label={`Levels of ${name}`}
                >
                  {criterion.levels.map((level, levelIndex) => {
                    const cell = `${at}.levels.${levelIndex}`;
                    const id = `criterion-${index}-level-${levelIndex}`;
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: levels are identified by position
                      <li key={levelIndex} className="grid content-start gap-2 rounded-md bg-muted/40 p-3">
                        <p className="text-sm font-medium">Level {levelIndex + 1}</p>
                        <Cell id={`${id}-title`} label="Level title" error={errors[`${cell}.title`]}>
                          {(props) => (
                            <Input
                              {...props}
                              value={level.title}
                              onChange={(event) =>
                                setLevel(index, levelIndex, { ...level, title: event.target.value })
                              }
                            />
                          )}
                        </Cell>
                        <Cell id={`${id}-points`} label="Points" error={errors[`${cell}.points`]}>
                          {(props) => (
                            <Input
                              {...props}
                              type="number"
                              min={0}
                              step="any"
                              value={level.points ?? ""}
                              onChange={(event) =>
                                setLevel(index, levelIndex, {
                                  ...level,
                                  points: numberOrNull(event.target.value),
                                })
                              }
                            />
                          )}
                        </Cell>
                        <Cell id={`${id}-descriptor`} label="Descriptor" error={errors[`${cell}.descriptor`]}>
                          {(props) => (
                            <textarea
                              {...props}
                              rows={3}
                              className={cn(inputClassName, "h-auto")}
                              value={level.descriptor}
                              onChange={(event) =>
                                setLevel(index, levelIndex, { ...level, descriptor: event.target.value })
                              }
                            />
                          )}
                        </Cell>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => {
                            setCriterion(index, {
                              ...criterion,
                              levels: criterion.levels.filter((_, at) => at !== levelIndex),
                            });
                            setFocusId(`criterion-${index}-add-level`);
                          }}
                          aria-label={`Remove level ${levelIndex + 1} of ${name}`}
                        >
                          <Trash2 aria-hidden="true" /> Remove level
                        </Button>
                      </li>
                    );
                  })}
                </ol>
                <div>
                  <Button
                    id={`criterion-${index}-add-level`}
                    variant="outline"
                    size="sm"
                    disabled={criterion.levels.length >= RUBRIC_LIMITS.levels}
                    onClick={() => {
                      setCriterion(index, {
                        ...criterion,
                        levels: [...criterion.levels, { title: "", descriptor: "", points: null }],
                      });
                      setFocusId(`criterion-${index}-level-${criterion.levels.length}-title`);
                    }}
                    aria-label={`Add level to ${name}`}
                  >
                    <Plus aria-hidden="true" /> Add level
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          id="add-criterion"
          variant="outline"
          disabled={draft.criteria.length >= RUBRIC_LIMITS.criteria}
          onClick={() => {
            setCriteria([...draft.criteria, blankCriterion()]);
            setFocusId(`criterion-${draft.criteria.length}-title`);
          }}
        >
          <Plus aria-hidden="true" /> Add criterion
        </Button>
      </div>
    </div>
  );
}
