import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  createWorkedExampleSchema,
  type PivotCard,
  type WorkedExample,
} from "#shared/schemas/pivot-assets.ts";
import { useSaveExample } from "../api/pivot-api.ts";
import { textAreaClassName } from "./fields.ts";
import { CardSelect, FormErrorAlert } from "./form-parts.tsx";
import { fieldErrors } from "./issues.ts";
import { ListEditor } from "./list-editor.tsx";
import type { DialogControl } from "./return-focus.ts";
import { useDraftForm } from "./use-draft-form.ts";

interface Draft {
  pivotCardId: string;
  title: string;
  steps: string[];
  selfExplanationPrompts: string[];
  completionProblem: string;
}
const blank = (cardId?: number): Draft => ({
  pivotCardId: cardId ? String(cardId) : "",
  title: "",
  steps: ["", ""],
  selfExplanationPrompts: [""],
  completionProblem: "",
});
const draftOf = (example: WorkedExample): Draft => ({
  pivotCardId: String(example.pivotCardId),
  title: example.title,
  steps: example.steps,
  selfExplanationPrompts: example.selfExplanationPrompts,
  completionProblem: example.completionProblem,
});

/** Create Example / Edit Example: the card, numbered steps, prompts, a completion problem. */
export function ExampleDialog({
  open,
  onOpenChange,
  example,
  cards,
  cardId,
  returnFocus,
}: DialogControl & {
  example: WorkedExample | null;
  cards: readonly PivotCard[];
  /** A new example's card, chosen in advance (the deep link from a pacing suggestion). */
  cardId?: number;
}) {
  const save = useSaveExample();
  const { draft, errors, setErrors, set } = useDraftForm(open, example, draftOf, () =>
    blank(cardId ?? (cards.length === 1 ? cards[0]?.id : undefined)),
  );

  const submit = () => {
    if (save.isPending) return;
    const parsed = createWorkedExampleSchema.safeParse({
      ...draft,
      pivotCardId: draft.pivotCardId ? Number(draft.pivotCardId) : undefined,
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (!draft.pivotCardId) found.pivotCardId = "Choose the pivot card this example belongs to";
      return setErrors(found);
    }
    setErrors({});
    save.mutate(
      { id: example?.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast({
            title: example ? "Example Updated" : "Example Created",
            description: `"${saved.title}" is saved for ${saved.pivotCardTitle}.`,
          });
          onOpenChange(false);
        },
        onError: (failure) =>
          setErrors({ form: getErrorMessage(failure, "The example could not be saved. Please try again.") }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
        <DialogTitle>{example ? "Edit Worked Example" : "Create Worked Example"}</DialogTitle>
        <DialogDescription>
          Solve one problem step by step, ask learners to explain the steps, then leave a similar problem for
          them to complete.
        </DialogDescription>
        <SubmitForm onSubmit={submit}>
          <FormErrorAlert message={errors.form} />
          <div className="grid gap-4 sm:grid-cols-2">
            <CardSelect
              id="example-card"
              cards={cards}
              value={draft.pivotCardId}
              onChange={(cardId) => set("pivotCardId", cardId)}
              error={errors.pivotCardId}
            />
            <FormField id="example-title" label="Title" error={errors.title}>
              <Input
                {...describedBy("example-title", errors.title)}
                maxLength={200}
                value={draft.title}
                onChange={(event) => set("title", event.target.value)}
              />
            </FormField>
          </div>
          <ListEditor
            id="example-step"
            legend="Steps (in order)"
            noun="Step"
            values={draft.steps}
            onChange={(steps) => set("steps", steps)}
            error={errors.steps}
            max={50}
          />
          <ListEditor
            id="example-prompt"
            legend="Self-explanation prompts"
            noun="Prompt"
            values={draft.selfExplanationPrompts}
            onChange={(prompts) => set("selfExplanationPrompts", prompts)}
            error={errors.selfExplanationPrompts}
            max={20}
          />
          <FormField id="example-completion" label="Completion problem" error={errors.completionProblem}>
            <textarea
              {...describedBy("example-completion", errors.completionProblem)}
              className={textAreaClassName}
              maxLength={5000}
              placeholder="A similar problem, partly solved, for the learner to finish"
              value={draft.completionProblem}
              onChange={(event) => set("completionProblem", event.target.value)}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : example ? "Save Changes" : "Create Example"}
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
