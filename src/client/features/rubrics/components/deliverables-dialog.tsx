import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input, inputClassName } from "#client/components/ui/input.tsx";
import { cn } from "#client/lib/utils.ts";
import { rubricFromDeliverablesSchema } from "#shared/schemas/rubrics.ts";
import { useRubricFromDeliverables } from "../api/rubric-starts.ts";
import {
  type CellErrors,
  cellErrorsOf,
  draftOf,
  type RubricDraft,
  serverCellErrors,
} from "../rubric-draft.ts";

/** "Generate from deliverables": a title and the deliverables, one per line; opens the draft in the builder. */
export function DeliverablesDialog({
  open,
  onOpenChange,
  onDrafted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDrafted: (draft: RubricDraft) => void;
}) {
  const [title, setTitle] = useState("");
  const [lines, setLines] = useState("");
  const [errors, setErrors] = useState<CellErrors>({});
  const generate = useRubricFromDeliverables();

  const submit = () => {
    const input = {
      title,
      deliverables: lines
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    };
    const parsed = rubricFromDeliverablesSchema.safeParse(input);
    if (!parsed.success) {
      const found = cellErrorsOf(
        parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message })),
      );
      setErrors(found);
      document.getElementById(found.title ? "deliverables-title" : "deliverables-lines")?.focus();
      return;
    }
    setErrors({});
    generate.mutate(input, {
      onSuccess: (start) => {
        onDrafted(draftOf(start));
        onOpenChange(false);
      },
      onError: (error) => setErrors(serverCellErrors(error, "The rubric could not be generated.")),
    });
  };

  const described = (id: string, error: string | undefined) => ({
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Generate from deliverables</DialogTitle>
        <DialogDescription>
          One criterion per deliverable, plus the use of the pivot concepts. You can change everything before
          saving.
        </DialogDescription>
        <SubmitForm onSubmit={submit}>
          <FormField id="deliverables-title" label="Rubric title" error={errors.title}>
            <Input
              {...described("deliverables-title", errors.title)}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          </FormField>
          <FormField id="deliverables-lines" label="Deliverables, one per line" error={errors.deliverables}>
            <textarea
              {...described("deliverables-lines", errors.deliverables)}
              rows={5}
              className={cn(inputClassName, "h-auto")}
              value={lines}
              onChange={(event) => setLines(event.target.value)}
            />
          </FormField>
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              {errors.form}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={generate.isPending}>
              Generate
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
