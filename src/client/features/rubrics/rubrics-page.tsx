import { ClipboardList, FilePlus, Sparkles, Star } from "lucide-react";
import { useState } from "react";
import { useRubrics } from "#client/api/rubrics/get-rubrics.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useGoldStandardRubric } from "./api/rubric-starts.ts";
import { DeliverablesDialog } from "./components/deliverables-dialog.tsx";
import { RubricEditor } from "./components/rubric-editor.tsx";
import { blankRubric, draftOf, type RubricDraft } from "./rubric-draft.ts";

const updatedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** /rubrics: the instructor's rubrics, and the builder to make or change one. */
export function RubricsPage() {
  const rubrics = useRubrics();
  const goldStandard = useGoldStandardRubric();
  const [editing, setEditing] = useState<{ key: number; draft: RubricDraft } | null>(null);
  const [generating, setGenerating] = useState(false);
  const open = (draft: RubricDraft) => setEditing({ key: Date.now(), draft });

  if (editing) {
    return (
      <div className="grid gap-6">
        <RubricEditor key={editing.key} initial={editing.draft} onClose={() => setEditing(null)} />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">Rubrics</h2>
        <p className="text-muted-foreground">
          Criteria and levels to assess your students' work, reusable in any of your projects' milestones
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => open(blankRubric())}>
          <FilePlus aria-hidden="true" /> New rubric
        </Button>
        <Button
          variant="outline"
          disabled={goldStandard.isPending}
          onClick={() =>
            goldStandard.mutate(undefined, {
              onSuccess: (start) => open(draftOf(start)),
              onError: (error) =>
                toast({
                  title: "Not available",
                  description: getErrorMessage(error, "The Gold Standard rubric could not be loaded."),
                  variant: "destructive",
                }),
            })
          }
        >
          <Star aria-hidden="true" /> Start from the Gold Standard
        </Button>
        <Button variant="outline" onClick={() => setGenerating(true)}>
          <Sparkles aria-hidden="true" /> Generate from deliverables
        </Button>
      </div>
      {rubrics.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : rubrics.isError ? (
        <ErrorAlert error={rubrics.error} fallback="Unable to load your rubrics." />
      ) : rubrics.data.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 pt-6 text-muted-foreground">
            <ClipboardList aria-hidden="true" className="size-5" />
            No rubrics yet. Start a new one, from the Gold Standard, or from a milestone's deliverables.
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Your rubrics">
          {rubrics.data.map((rubric) => (
            <li key={rubric.id}>
              <Card>
                <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{rubric.title}</h3>
                    <p className="text-sm text-muted-foreground">
                      {rubric.criteria.length} {rubric.criteria.length === 1 ? "criterion" : "criteria"} ·
                      updated {updatedFormat.format(new Date(rubric.updatedAt))}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    onClick={() => open(draftOf(rubric))}
                    aria-label={`Edit ${rubric.title}`}
                  >
                    Edit
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <DeliverablesDialog open={generating} onOpenChange={setGenerating} onDrafted={open} />
    </div>
  );
}
