import { zodResolver } from "@hookform/resolvers/zod";
import { type RefObject, useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { KnowledgeEntry } from "#shared/schemas/knowledge-base.ts";
import {
  useCreateKnowledgeEntry,
  useKnowledgeEntry,
  useUpdateKnowledgeEntry,
} from "../api/knowledge-base-api.ts";
import {
  EMPTY_ENTRY_FORM,
  type EntryFormOutput,
  type EntryFormValues,
  entryFormSchema,
} from "../knowledge-rules.ts";

/** The message a failed call shows after the spec's words: the server's, else the error's own. */
const reasonOf = (error: unknown) =>
  getErrorMessage(error, error instanceof Error ? error.message : "unknown error");

const valuesOf = (entry: KnowledgeEntry): EntryFormValues => ({
  title: entry.title,
  content: entry.content,
  tags: entry.tags.join(", "),
  isPrivate: entry.isPrivate,
});

/**
 * Add Content (spec B §2, §4, §5, §8) and Edit (the spec has no edit) in one dialog: the
 * shared schema's messages through react-hook-form's zod resolver. `editId` null is Add.
 */
export function EntryFormDialog({
  open,
  onOpenChange,
  editId,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editId: number | null;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const editing = editId !== null;
  const entry = useKnowledgeEntry(open && editing ? editId : null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = returnFocusTo.current;
          if (target?.isConnected) target.focus();
        }}
      >
        <DialogTitle>{editing ? "Edit Content" : "Add Content"}</DialogTitle>
        <DialogDescription>
          {editing
            ? "Change the title, the text, the tags or who can find it."
            : "Add notes, policies or course material to your knowledge base. It is indexed for search at once."}
        </DialogDescription>
        {!editing ? (
          <EntryForm key="add" initial={EMPTY_ENTRY_FORM} onClose={() => onOpenChange(false)} />
        ) : entry.isError ? (
          <ErrorAlert error={entry.error} fallback="Failed to load this content." />
        ) : entry.data && entry.data.id === editId && entry.isFetchedAfterMount ? (
          <EntryForm
            key={`edit-${editId}`}
            editId={editId}
            initial={valuesOf(entry.data)}
            onClose={() => onOpenChange(false)}
          />
        ) : (
          <Spinner label="Loading the content..." />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EntryForm({
  editId,
  initial,
  onClose,
}: {
  editId?: number;
  initial: EntryFormValues;
  onClose: () => void;
}) {
  const form = useForm<EntryFormValues, unknown, EntryFormOutput>({
    resolver: zodResolver(entryFormSchema),
    defaultValues: initial,
  });
  const create = useCreateKnowledgeEntry();
  const update = useUpdateKnowledgeEntry();
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;

  // Focus the title when the form appears (the dialog's own focus lands on it too, but the edit
  // form arrives after its entry has loaded).
  useEffect(() => {
    form.setFocus("title");
  }, [form]);

  const submit = form.handleSubmit((values) => {
    if (editId === undefined) {
      create.mutate(values, {
        onSuccess: () => {
          // spec B §4: after a successful add the dialog closes and the form resets.
          form.reset(EMPTY_ENTRY_FORM);
          onClose();
          toast({
            title: "Content Added",
            description: "Your content has been added to the knowledge base.",
          });
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Error",
            description: `Failed to add content: ${reasonOf(error)}`,
          }),
      });
    } else {
      update.mutate(
        { id: editId, input: values },
        {
          onSuccess: () => {
            onClose();
            toast({
              title: "Content Updated",
              description: "Your changes have been saved to the knowledge base.",
            });
          },
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "Error",
              description: `Failed to update content: ${reasonOf(error)}`,
            }),
        },
      );
    }
  });

  const ids = { title: "kb-title", content: "kb-content", tags: "kb-tags", isPrivate: "kb-private" };
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField id={ids.title} label="Title" error={errors.title?.message}>
        <Input
          {...describedBy(ids.title, errors.title?.message)}
          autoComplete="off"
          {...form.register("title")}
        />
      </FormField>
      <FormField id={ids.content} label="Content" error={errors.content?.message}>
        <textarea
          {...describedBy(ids.content, errors.content?.message)}
          rows={8}
          className="kb-textarea rounded-md border border-input bg-card px-3 py-2 text-sm"
          placeholder="Paste or write the text to keep: at least 10 characters."
          {...form.register("content")}
        />
      </FormField>
      <FormField id={ids.tags} label="Tags (comma-separated)" error={errors.tags?.message}>
        <Input
          {...describedBy(ids.tags, errors.tags?.message)}
          autoComplete="off"
          placeholder="e.g. biology, lab safety, week 3"
          {...form.register("tags")}
        />
      </FormField>
      <Controller
        control={form.control}
        name="isPrivate"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-md border p-3">
            <div className="grid gap-1">
              <label htmlFor={ids.isPrivate} className="text-sm font-medium">
                Private
              </label>
              <p id={`${ids.isPrivate}-hint`} className="text-sm text-muted-foreground">
                {field.value
                  ? "Only you can find it."
                  : "Colleagues at your institution can find it in the Institution search."}
              </p>
            </div>
            <button
              id={ids.isPrivate}
              ref={field.ref}
              type="button"
              role="switch"
              aria-checked={field.value}
              aria-describedby={`${ids.isPrivate}-hint`}
              onClick={() => field.onChange(!field.value)}
              onBlur={field.onBlur}
              className="kb-switch"
            >
              <span aria-hidden="true" className="kb-switch-thumb" />
            </button>
          </div>
        )}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {editId === undefined
            ? pending
              ? "Adding..."
              : "Add Content"
            : pending
              ? "Saving..."
              : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
