import { Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { serverErrorsByPath } from "#client/lib/form-errors.ts";
import { TEAM_SURVEY_BLOCKS, TEAM_SURVEY_CRITERIA_MAX, type TeamSurvey } from "#shared/schemas/teams.ts";
import { useSaveTeamSurvey } from "../api/team-survey.ts";
import {
  blankQuestion,
  draftOf,
  inputOf,
  localSurveyErrors,
  type QuestionDraft,
  type SurveyErrors,
  shownField,
  surveyErrorsOf,
} from "./team-survey-draft.ts";
import { QuestionFields } from "./team-survey-question-fields.tsx";

const SAVE_FAILED = "The team survey could not be saved.";

/**
 * Switching the team survey on, or changing it: its questions (a new survey starts from three
 * suggestions), the weekly time blocks and the optional under-representation question. Checked
 * with the shared schema before sending; the server's refusals show at their fields.
 */
export function TeamSurveyDialog({
  projectId,
  survey,
  onClose,
}: {
  projectId: number;
  survey: TeamSurvey | null;
  onClose: () => void;
}) {
  const baseId = useId();
  const [draft, setDraft] = useState(() => draftOf(survey));
  const [errors, setErrors] = useState<SurveyErrors>({});
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const save = useSaveTeamSurvey(projectId);

  const [focusError, setFocusError] = useState(false);
  // After a refusal, the focus goes to the first field in error.
  useEffect(() => {
    if (!focusError) return;
    document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus();
    setFocusError(false);
  }, [focusError]);

  // A question just added: the focus goes to its title.
  useEffect(() => {
    if (focusKey === null) return;
    document.getElementById(`${baseId}-${focusKey}-title`)?.focus();
    setFocusKey(null);
  }, [focusKey, baseId]);

  const changeQuestion = (key: number, next: Partial<QuestionDraft>) =>
    setDraft((current) => ({
      ...current,
      questions: current.questions.map((question) =>
        question.key === key ? { ...question, ...next } : question,
      ),
    }));
  const addQuestion = () => {
    const question = blankQuestion();
    setDraft((current) => ({ ...current, questions: [...current.questions, question] }));
    setFocusKey(question.key);
  };
  const removeQuestion = (key: number) => {
    setDraft((current) => ({
      ...current,
      questions: current.questions.filter((question) => question.key !== key),
    }));
    // Errors are keyed by position: they no longer match once a question is gone.
    setErrors({});
    addButton.current?.focus();
  };

  const submit = () => {
    if (save.isPending) return;
    const local = localSurveyErrors(draft);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFocusError(true);
      return;
    }
    save.mutate(inputOf(draft), {
      onSuccess: () => {
        toast({
          title: survey ? "Team Survey Saved" : "Team Survey On",
          description: "Students answer it on their project page.",
        });
        onClose();
      },
      onError: (error) => {
        const { fields, form } = serverErrorsByPath(
          error,
          SAVE_FAILED,
          (field) => shownField(field) !== "form",
        );
        setErrors({
          ...surveyErrorsOf(Object.entries(fields).map(([field, message]) => ({ field, message }))),
          ...(form ? { form } : {}),
        });
        setFocusError(true);
      },
    });
  };

  const sharedId = `${baseId}-shared`;
  const errorCount = Object.keys(errors).length;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{survey ? "Edit the team survey" : "Set up the team survey"}</DialogTitle>
        <DialogDescription>
          What students answer before teams are formed. Keep, change or remove the questions; each groups
          similar or diverse answers in a team, and weighs more or less.
        </DialogDescription>
        <SubmitForm onSubmit={submit} className="grid gap-4">
          {draft.questions.length === 0 && (
            <p className="text-sm text-muted-foreground">
              No questions: teams are formed by time blocks only.
            </p>
          )}
          {draft.questions.map((question, index) => (
            <QuestionFields
              key={question.key}
              idPrefix={baseId}
              index={index}
              question={question}
              errors={errors}
              onChange={(next) => changeQuestion(question.key, next)}
              onRemove={() => removeQuestion(question.key)}
            />
          ))}
          <div>
            <Button
              ref={addButton}
              type="button"
              variant="outline"
              disabled={draft.questions.length >= TEAM_SURVEY_CRITERIA_MAX}
              onClick={addQuestion}
            >
              <Plus aria-hidden="true" /> Add a question
            </Button>
          </div>
          <div className="grid gap-3 rounded-md border p-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={draft.availability}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, availability: event.target.checked }))
                }
              />
              Ask when students are free
            </label>
            {draft.availability && (
              <FormField id={sharedId} label="Shared free blocks a team needs" error={errors.minSharedBlocks}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={TEAM_SURVEY_BLOCKS}
                  className="max-w-32"
                  value={draft.minSharedBlocks}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, minSharedBlocks: event.target.value }))
                  }
                  {...describedBy(sharedId, errors.minSharedBlocks)}
                  aria-describedby={[`${sharedId}-hint`, errors.minSharedBlocks ? `${sharedId}-error` : ""]
                    .join(" ")
                    .trim()}
                />
                <p id={`${sharedId}-hint`} className="text-sm text-muted-foreground">
                  Students mark the mornings, afternoons and evenings of the week they are free; 0 asks
                  without requiring any.
                </p>
              </FormField>
            )}
          </div>
          <div className="grid gap-1 rounded-md border p-3">
            <label className="flex items-start gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="mt-1"
                checked={draft.askUnderrepresented}
                aria-describedby={`${baseId}-underrepresented-hint`}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, askUnderrepresented: event.target.checked }))
                }
              />
              Ask, optionally, whether a student belongs to a group under-represented in the field
            </label>
            <p id={`${baseId}-underrepresented-hint`} className="pl-5 text-sm text-muted-foreground">
              So that no team leaves such a student alone: they are placed with at least one other.
            </p>
          </div>
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              {errors.form}
            </p>
          ) : errorCount > 0 ? (
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              Please correct the fields marked above.
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {survey ? "Save the survey" : "Switch the survey on"}
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
