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
import { Spinner } from "#client/components/ui/spinner.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { apiRequest, getErrorMessage } from "#client/lib/api-client.ts";
import { FIELD_LABELS } from "#shared/domain/wizard.ts";
import type { PivotCard } from "#shared/schemas/pivot-assets.ts";

type Draft = { title: string; discipline: string; definition: string; projectId: number };

/**
 * "Create pivot cards" on a project's screen (issue 16, item 1): the project's pivot concepts as
 * draft cards (GET /api/pivot-cards/drafts/project/:id, nothing saved), and the ones kept created,
 * linked to the project.
 */
export function CreatePivotCards({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<number | null>(null);

  const load = async () => {
    setDrafts(null);
    setError(null);
    setCreated(null);
    try {
      const answer = await apiRequest<Draft[]>("GET", `/api/pivot-cards/drafts/project/${projectId}`);
      setDrafts(answer);
      setKept(new Set(answer.map((_, index) => index)));
    } catch (failure) {
      setError(getErrorMessage(failure, "The project's pivot concepts could not be read."));
    }
  };
  const create = async () => {
    if (!drafts) return;
    setSaving(true);
    setError(null);
    let made = 0;
    try {
      for (const [index, draft] of drafts.entries()) {
        if (!kept.has(index)) continue;
        await apiRequest<PivotCard>("POST", "/api/pivot-cards", { body: draft });
        made += 1;
      }
      toast({
        title: "Pivot Cards Created",
        description: `${made} pivot ${made === 1 ? "card was" : "cards were"} created from this project.`,
      });
      setCreated(made);
    } catch (failure) {
      setError(
        `${made ? `${made} created; then: ` : ""}${getErrorMessage(failure, "A card could not be created.")}`,
      );
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: ["/api/pivot-assets"] });
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
          One draft card per pivot concept of this project. Keep the ones you want; they are linked to the
          project and appear under Pivot Assets.
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
        ) : drafts === null && !error ? (
          <Spinner className="py-6" />
        ) : drafts && drafts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            This project names no pivot concepts yet. Add them to its methodology (
            {FIELD_LABELS.pivotConcepts}, one per line), save, then try again.
          </p>
        ) : drafts ? (
          <ul className="grid max-h-[32rem] gap-2 overflow-y-auto" aria-label="Draft pivot cards">
            {drafts.map((draft, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id until created
              <li key={index} className="rounded-md border p-3 text-sm">
                <label className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-indigo-600"
                    checked={kept.has(index)}
                    onChange={(event) =>
                      setKept((old) => {
                        const next = new Set(old);
                        if (event.target.checked) next.add(index);
                        else next.delete(index);
                        return next;
                      })
                    }
                  />
                  <span className="grid gap-1 break-words">
                    <span className="font-medium">{draft.title}</span>
                    <span className="text-muted-foreground">{draft.definition}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {created !== null ? "Close" : "Cancel"}
          </Button>
          {created === null ? (
            <Button disabled={!drafts || kept.size === 0 || saving} onClick={() => void create()}>
              {saving ? "Creating..." : `Create ${kept.size} ${kept.size === 1 ? "card" : "cards"}`}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
