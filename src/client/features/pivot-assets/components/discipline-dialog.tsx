import { useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { duplicatesDiscipline } from "#shared/domain/pivot-assets.ts";
import { type Discipline, PIVOT_MESSAGES } from "#shared/schemas/pivot-assets.ts";
import { useCreateDiscipline } from "../api/pivot-api.ts";
import type { DialogControl } from "./return-focus.ts";

/**
 * spec B §2, §4, §5: the Add New Discipline dialog (name). Empty and duplicate names are refused
 * with the spec's messages, here before sending and again by the server.
 */
export function DisciplineDialog({
  open,
  onOpenChange,
  known,
  onCreated,
  returnFocus,
}: DialogControl & {
  known: readonly Discipline[];
  onCreated: (discipline: Discipline) => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateDiscipline();
  const close = (next: boolean) => {
    if (!next) {
      setName("");
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = () => {
    if (create.isPending) return;
    if (!name.trim()) return setError(PIVOT_MESSAGES.disciplineEmpty);
    if (duplicatesDiscipline(name, known)) return setError(PIVOT_MESSAGES.disciplineDuplicate);
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        toast({ title: "Discipline Added", description: created.message });
        onCreated(created);
        close(false);
      },
      onError: (failure) => setError(getErrorMessage(failure, "The discipline could not be saved.")),
    });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
        <DialogTitle>Add New Discipline</DialogTitle>
        <DialogDescription>It joins the built-in disciplines in every discipline list.</DialogDescription>
        <SubmitForm onSubmit={submit}>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription id="discipline-name-error">{error}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id="discipline-name" label="Discipline name">
            <Input
              {...describedBy("discipline-name", error ?? undefined)}
              maxLength={60}
              placeholder="e.g. Marine Biology"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Adding..." : "Add Discipline"}
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
