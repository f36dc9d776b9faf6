import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  createRetrievalItemSchema,
  type PivotCard,
  type RetrievalItem,
} from "#shared/schemas/pivot-assets.ts";
import { useSaveItem } from "../api/pivot-api.ts";
import { textAreaClassName } from "./fields.ts";
import { CardSelect, FormErrorAlert } from "./form-parts.tsx";
import { fieldErrors } from "./issues.ts";
import { ListEditor } from "./list-editor.tsx";
import type { DialogControl } from "./return-focus.ts";
import { useDraftForm } from "./use-draft-form.ts";

interface Draft {
  pivotCardId: string;
  type: "flashcard" | "concept-check";
  question: string;
  answer: string;
  options: string[];
  correctIndex: number | null;
}
const blank = (cardId?: number): Draft => ({
  pivotCardId: cardId ? String(cardId) : "",
  type: "flashcard",
  question: "",
  answer: "",
  options: ["", ""],
  correctIndex: null,
});
const draftOf = (item: RetrievalItem): Draft => ({
  pivotCardId: String(item.pivotCardId),
  type: item.type,
  question: item.question,
  answer: item.answer ?? "",
  options: item.options ?? ["", ""],
  correctIndex: item.correctIndex,
});

/**
 * Add Retrieval Item (spec B §2's "coming soon" alert is replaced by this form):
 * a flashcard (question, answer) or a concept check (question, 2 to 6 options, the correct one).
 */
export function ItemDialog({
  open,
  onOpenChange,
  item,
  cards,
  returnFocus,
}: DialogControl & {
  item: RetrievalItem | null;
  cards: readonly PivotCard[];
}) {
  const save = useSaveItem();
  const { draft, setDraft, errors, setErrors, set } = useDraftForm(open, item, draftOf, () =>
    blank(cards.length === 1 ? cards[0]?.id : undefined),
  );

  const submit = () => {
    if (save.isPending) return;
    const pivotCardId = draft.pivotCardId ? Number(draft.pivotCardId) : undefined;
    const candidate =
      draft.type === "flashcard"
        ? { pivotCardId, type: draft.type, question: draft.question, answer: draft.answer }
        : {
            pivotCardId,
            type: draft.type,
            question: draft.question,
            options: draft.options,
            correctIndex: draft.correctIndex ?? undefined,
          };
    const parsed = createRetrievalItemSchema.safeParse(candidate);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (!draft.pivotCardId) found.pivotCardId = "Choose the pivot card this item belongs to";
      return setErrors(found);
    }
    setErrors({});
    save.mutate(
      { id: item?.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast({
            title: item ? "Item Updated" : "Item Added",
            description: `${saved.type === "flashcard" ? "Flashcard" : "Concept check"} saved for ${saved.pivotCardTitle}.`,
          });
          onOpenChange(false);
        },
        onError: (failure) =>
          setErrors({ form: getErrorMessage(failure, "The item could not be saved. Please try again.") }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
        <DialogTitle>{item ? "Edit Retrieval Item" : "Add Retrieval Item"}</DialogTitle>
        <DialogDescription>
          A question to answer from memory: a flashcard, or a concept check with one correct option.
        </DialogDescription>
        <SubmitForm onSubmit={submit}>
          <FormErrorAlert message={errors.form} />
          <div className="grid gap-4 sm:grid-cols-2">
            <CardSelect
              id="item-card"
              cards={cards}
              value={draft.pivotCardId}
              onChange={(cardId) => set("pivotCardId", cardId)}
              error={errors.pivotCardId}
            />
            <FormField id="item-type" label="Type">
              <NativeSelect
                id="item-type"
                value={draft.type}
                onChange={(event) => set("type", event.target.value as Draft["type"])}
              >
                <option value="flashcard">Flashcard</option>
                <option value="concept-check">Concept check</option>
              </NativeSelect>
            </FormField>
          </div>
          <FormField id="item-question" label="Question" error={errors.question}>
            <textarea
              {...describedBy("item-question", errors.question)}
              className={textAreaClassName}
              maxLength={2000}
              value={draft.question}
              onChange={(event) => set("question", event.target.value)}
            />
          </FormField>
          {draft.type === "flashcard" ? (
            <FormField id="item-answer" label="Answer" error={errors.answer}>
              <textarea
                {...describedBy("item-answer", errors.answer)}
                className={textAreaClassName}
                maxLength={5000}
                value={draft.answer}
                onChange={(event) => set("answer", event.target.value)}
              />
            </FormField>
          ) : (
            <>
              <ListEditor
                id="item-option"
                legend="Options (2 to 6)"
                noun="Option"
                values={draft.options}
                onChange={(options) => {
                  // The correct option follows its text when rows are removed; a removed one is unset.
                  const correct = draft.correctIndex === null ? null : draft.options[draft.correctIndex];
                  const at = correct === undefined || correct === null ? -1 : options.indexOf(correct);
                  setDraft((old) => ({ ...old, options, correctIndex: at >= 0 ? at : null }));
                }}
                error={errors.options}
                max={6}
              />
              <fieldset
                className="grid gap-2"
                aria-describedby={errors.correctIndex ? "item-correct-error" : undefined}
              >
                <legend className="mb-1 text-sm font-medium">Correct option</legend>
                <div className="flex flex-wrap gap-3">
                  {draft.options.map((option, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one radio per option position
                    <label key={index} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="item-correct"
                        className="size-4 accent-indigo-600"
                        checked={draft.correctIndex === index}
                        onChange={() => set("correctIndex", index)}
                      />
                      Option {index + 1}
                      {option.trim() ? <span className="text-muted-foreground">({option})</span> : null}
                    </label>
                  ))}
                </div>
                {errors.correctIndex ? (
                  <p id="item-correct-error" className="text-sm text-destructive-soft-foreground">
                    {errors.correctIndex}
                  </p>
                ) : null}
              </fieldset>
            </>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : item ? "Save Changes" : "Add Item"}
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
