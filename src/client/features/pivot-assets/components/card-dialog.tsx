import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { NOT_PROVIDED, NOT_SPECIFIED } from "#shared/domain/pivot-assets.ts";
import {
  createPivotCardSchema,
  type Discipline,
  PIVOT_MESSAGES,
  type PivotCard,
} from "#shared/schemas/pivot-assets.ts";
import { useSaveCard } from "../api/pivot-api.ts";
import { DisciplineDialog } from "./discipline-dialog.tsx";
import { ADD_DISCIPLINE, textAreaClassName } from "./fields.ts";
import { type DialogControl, useReturnFocus } from "./return-focus.ts";

type CardValues = z.input<typeof createPivotCardSchema>;

const blank: CardValues = {
  title: "",
  discipline: "",
  definition: "",
  constraints: "",
  minimalExample: "",
  counterExample: "",
  misconceptions: "",
};

/** A saved card back into the form; the spec's defaults read as empty fields again. */
const valuesOf = (card: PivotCard): CardValues => ({
  title: card.title,
  discipline: card.discipline,
  definition: card.definition,
  constraints: card.constraints === NOT_SPECIFIED ? "" : card.constraints,
  minimalExample: card.minimalExample === NOT_PROVIDED ? "" : card.minimalExample,
  counterExample: card.counterExample === NOT_PROVIDED ? "" : card.counterExample,
  misconceptions: card.misconceptions.join(", "),
  projectId: card.projectId,
});

/**
 * spec B §2, §4, §5: Create New Card (and Edit Card). The shared schema checks it with the spec's
 * messages; on success the form resets, the dialog closes and the toast reads 'Successfully created
 * pivot card: "{title}"'.
 */
export function CardDialog({
  open,
  onOpenChange,
  card,
  disciplines,
  returnFocus,
  onCreated,
}: DialogControl & {
  /** The card to edit; none to create one. */
  card: PivotCard | null;
  disciplines: readonly Discipline[];
  /** After a card is created; what it answers is added to the toast. */
  onCreated?: (card: PivotCard) => string | null;
}) {
  const save = useSaveCard();
  const [failure, setFailure] = useState<string | null>(null);
  const [addingDiscipline, setAddingDiscipline] = useState(false);
  const selectRef = useRef<HTMLSelectElement | null>(null);
  const disciplineFocus = useReturnFocus(selectRef);
  const form = useForm<CardValues, unknown, z.output<typeof createPivotCardSchema>>({
    resolver: zodResolver(createPivotCardSchema),
    values: card ? valuesOf(card) : blank,
  });
  const { errors } = form.formState;
  const missing = [errors.title, errors.discipline, errors.definition].some(
    (error) => error?.message === PIVOT_MESSAGES.cardRequired,
  );
  const own = (message: string | undefined) =>
    message === PIVOT_MESSAGES.cardRequired ? undefined : message;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(card ? valuesOf(card) : blank);
      setFailure(null);
    }
    onOpenChange(next);
  };
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: card?.id, input },
      {
        onSuccess: (saved) => {
          if (card) toast({ title: "Card Updated", description: `"${saved.title}" is saved.` });
          else {
            const note = onCreated?.(saved);
            const message =
              (saved as { message?: string }).message ?? PIVOT_MESSAGES.cardCreated(saved.title);
            toast({ title: "Card Created", description: note ? `${message}. ${note}` : message });
          }
          form.reset(blank);
          close(false);
        },
        onError: (error) =>
          setFailure(getErrorMessage(error, "The card could not be saved. Please try again.")),
      },
    ),
  );
  const disciplineField = form.register("discipline");
  const discipline = form.watch("discipline");

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
        <DialogTitle>{card ? "Edit Card" : "Create New Card"}</DialogTitle>
        <DialogDescription>
          A pivot card holds one core concept: what it is, where it stops, and what people get wrong.
        </DialogDescription>
        <SubmitForm onSubmit={() => void submit()}>
          {missing ? (
            <Alert variant="destructive">
              <AlertDescription>{PIVOT_MESSAGES.cardRequired}</AlertDescription>
            </Alert>
          ) : null}
          {failure ? (
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="card-title" label="Title (required)" error={own(errors.title?.message)}>
              <Input
                {...describedBy("card-title", errors.title?.message)}
                maxLength={200}
                placeholder="e.g. Photosynthesis"
                {...form.register("title")}
              />
            </FormField>
            <FormField
              id="card-discipline"
              label="Discipline (required)"
              error={own(errors.discipline?.message)}
            >
              <NativeSelect
                {...describedBy("card-discipline", errors.discipline?.message)}
                name={disciplineField.name}
                onBlur={disciplineField.onBlur}
                ref={(element) => {
                  disciplineField.ref(element);
                  selectRef.current = element;
                }}
                // Controlled, so that a discipline added from here is chosen once its option exists.
                value={discipline ?? ""}
                onChange={(event) => {
                  if (event.target.value === ADD_DISCIPLINE) {
                    disciplineFocus.remember(event.currentTarget);
                    setAddingDiscipline(true);
                    return;
                  }
                  form.setValue("discipline", event.target.value, {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  });
                }}
              >
                <option value="">Choose a discipline</option>
                {disciplines.map((discipline) => (
                  <option key={discipline.value} value={discipline.value}>
                    {discipline.label}
                  </option>
                ))}
                <option value={ADD_DISCIPLINE}>+ Add New Discipline</option>
              </NativeSelect>
            </FormField>
          </div>
          <FormField
            id="card-definition"
            label="Definition (required)"
            error={own(errors.definition?.message)}
          >
            <textarea
              {...describedBy("card-definition", errors.definition?.message)}
              className={textAreaClassName}
              maxLength={5000}
              placeholder="The concept in one or two sentences"
              {...form.register("definition")}
            />
          </FormField>
          <FormField id="card-constraints" label="Constraints" error={errors.constraints?.message}>
            <textarea
              {...describedBy("card-constraints", errors.constraints?.message)}
              className={textAreaClassName}
              maxLength={5000}
              placeholder="When the concept applies, and when it does not"
              {...form.register("constraints")}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="card-minimal" label="Minimal example" error={errors.minimalExample?.message}>
              <textarea
                {...describedBy("card-minimal", errors.minimalExample?.message)}
                className={textAreaClassName}
                maxLength={5000}
                {...form.register("minimalExample")}
              />
            </FormField>
            <FormField id="card-counter" label="Counter example" error={errors.counterExample?.message}>
              <textarea
                {...describedBy("card-counter", errors.counterExample?.message)}
                className={textAreaClassName}
                maxLength={5000}
                {...form.register("counterExample")}
              />
            </FormField>
          </div>
          <FormField
            id="card-misconceptions"
            label="Common misconceptions (separated by commas)"
            error={
              typeof errors.misconceptions?.message === "string" ? errors.misconceptions.message : undefined
            }
          >
            <Input
              {...describedBy("card-misconceptions", errors.misconceptions?.message)}
              maxLength={5000}
              placeholder="e.g. plants get their food from the soil, light is only needed for warmth"
              {...form.register("misconceptions")}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : card ? "Save Changes" : "Create Card"}
            </Button>
          </div>
        </SubmitForm>
        <DisciplineDialog
          open={addingDiscipline}
          onOpenChange={setAddingDiscipline}
          known={disciplines}
          returnFocus={disciplineFocus}
          onCreated={(created) => form.setValue("discipline", created.value, { shouldValidate: true })}
        />
      </DialogContent>
    </Dialog>
  );
}
