import { useQueryClient } from "@tanstack/react-query";
import { Layers } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "#client/components/ui/dialog.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input, inputClassName } from "#client/components/ui/input.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { cn } from "#client/lib/utils.ts";
import { FIELD_LABELS } from "#shared/domain/wizard.ts";
import { createPivotCardSchema } from "#shared/schemas/pivot-assets.ts";
import { projectDraftsQueryOptions, useCreateCards } from "../api/pivot-cards.ts";
import { AttachPivotCard } from "./attach-pivot-card.tsx";

type Draft = { title: string; discipline: string; definition: string; projectId: number };
type Row = Draft & { kept: boolean };

/** What is wrong with a kept draft, by field, with the shared schema's words (spec B §5). */
function problems(row: Row): { title?: string; definition?: string } {
  const checked = createPivotCardSchema.safeParse({
    title: row.title,
    discipline: row.discipline,
    definition: row.definition,
    projectId: row.projectId,
  });
  if (checked.success) return {};
  const found: { title?: string; definition?: string } = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === "title" || field === "definition") && !found[field]) found[field] = issue.message;
  }
  return found;
}

/**
 * "Create pivot cards" on a project's screen: the project's pivot concepts as draft cards (GET
 * /api/pivot-cards/drafts/project/:id, nothing saved), each with its title and definition to fill
 * in (pre-filled from "Concept: definition" lines), created together in one call (POST
 * /api/pivot-cards/batch, all or none) and linked to the project. A card one already has can be
 * attached to the project too.
 */
export function CreatePivotCards({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const createCards = useCreateCards();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<number | null>(null);

  const load = async () => {
    setRows(null);
    setError(null);
    setChecked(false);
    setCreated(null);
    try {
      const answer = await queryClient.fetchQuery(projectDraftsQueryOptions(projectId));
      setRows(answer.map((draft) => ({ ...draft, kept: true })));
    } catch (failure) {
      setError(getErrorMessage(failure, "The project's pivot concepts could not be read."));
    }
  };
  const change = (index: number, patch: Partial<Row>) =>
    setRows((old) => old?.map((row, at) => (at === index ? { ...row, ...patch } : row)) ?? null);
  const kept = rows?.filter((row) => row.kept) ?? [];

  const create = async () => {
    setChecked(true);
    setError(null);
    if (kept.length === 0) return;
    if (kept.some((row) => Object.keys(problems(row)).length > 0)) {
      setError("Some cards need a title and a definition: fill them in, or untick those cards.");
      return;
    }
    setSaving(true);
    try {
      const cards = kept.map(({ title, discipline, definition, projectId: project }) => ({
        title,
        discipline,
        definition,
        projectId: project,
      }));
      const made = await createCards.mutateAsync(cards);
      // Said in the dialog itself (a status), not in a toast: a toast would take the first Escape.
      setCreated(made.length);
    } catch (failure) {
      setError(getErrorMessage(failure, "The cards could not be created. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Layers aria-hidden="true" /> Create pivot cards
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Create Pivot Cards</DialogTitle>
        <DialogDescription>
          One draft card per pivot concept of this project. Give each one you keep a definition; they are
          created together, linked to the project, and appear under Pivot Assets.
        </DialogDescription>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {created !== null ? (
          <Alert variant="success">
            <AlertDescription>
              {created} {created === 1 ? "card" : "cards"} created.{" "}
              <Link href="/pivot-assets" className="font-medium underline">
                Open Pivot Assets
              </Link>{" "}
              to add retrieval items and review them.
            </AlertDescription>
          </Alert>
        ) : rows === null && !error ? (
          <Spinner className="py-6" />
        ) : rows && rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            This project names no pivot concepts yet. Add them to its methodology (
            {FIELD_LABELS.pivotConcepts}, one per line), save, then try again.
          </p>
        ) : rows ? (
          <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto" aria-label="Draft pivot cards">
            {rows.map((row, index) => {
              const id = `draft-card-${index}`;
              const wrong = checked && row.kept ? problems(row) : {};
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id until created
                <li key={index} className="rounded-md border p-3 text-sm">
                  <fieldset className="grid gap-3">
                    <legend className="sr-only">Card {index + 1}</legend>
                    <label className="flex items-center gap-2 font-medium">
                      <input
                        type="checkbox"
                        className="size-4 accent-indigo-600"
                        checked={row.kept}
                        onChange={(event) => change(index, { kept: event.target.checked })}
                      />
                      Create this card
                    </label>
                    <FormField id={`${id}-title`} label="Title (required)" error={wrong.title}>
                      <Input
                        {...describedBy(`${id}-title`, wrong.title)}
                        maxLength={200}
                        disabled={!row.kept}
                        value={row.title}
                        onChange={(event) => change(index, { title: event.target.value })}
                      />
                    </FormField>
                    <FormField id={`${id}-definition`} label="Definition (required)" error={wrong.definition}>
                      <textarea
                        {...describedBy(`${id}-definition`, wrong.definition)}
                        className={cn(inputClassName, "h-auto min-h-16 resize-y")}
                        maxLength={5000}
                        disabled={!row.kept}
                        placeholder="The concept in one or two sentences"
                        value={row.definition}
                        onChange={(event) => change(index, { definition: event.target.value })}
                      />
                    </FormField>
                  </fieldset>
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {created !== null ? "Close" : "Cancel"}
          </Button>
          {created === null ? (
            <Button disabled={!rows || kept.length === 0 || saving} onClick={() => void create()}>
              {saving ? "Creating..." : `Create ${kept.length} ${kept.length === 1 ? "card" : "cards"}`}
            </Button>
          ) : null}
        </div>
        <AttachPivotCard projectId={projectId} />
      </DialogContent>
    </Dialog>
  );
}
