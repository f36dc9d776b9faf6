import { Pencil, Plus, Sparkles, Trash2 } from "lucide-react";
import { Fragment, useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import {
  formatDue,
  MilestoneStageBadge,
  TodayMarker,
  todayIndex,
} from "#client/components/milestones/milestone-stage-badge.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { Milestone } from "#shared/schemas/milestones.ts";
import { useDeleteMilestone, useMilestones } from "../api/milestones.ts";
import { MilestoneDialog } from "./milestone-dialog.tsx";
import { MilestoneSuggestionsDialog } from "./milestone-suggestions-dialog.tsx";

/**
 * The project's milestones in due order with "Today" between the past and the future ones: stage,
 * due date, deliverables and states; Add, Edit, Delete (confirmed), Suggest; each links to its
 * submissions. `?milestone=:id` opens that milestone's dialog once loaded (`&field=dueAt` on its due
 * date): the links of Cognitive Load Analytics' pacing suggestions.
 */
export function MilestoneTimelineCard({ projectId }: { projectId: number }) {
  const milestones = useMilestones(projectId);
  const remove = useDeleteMilestone(projectId);
  const [editing, setEditing] = useState<Milestone | "new" | null>(null);
  const [deleting, setDeleting] = useState<Milestone | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const search = new URLSearchParams(useSearch());
  const linkedId = Number(search.get("milestone"));
  const focusDueDate = search.get("field") === "dueAt";
  const opened = useRef<number | null>(null);
  const now = new Date();
  const items = milestones.data?.milestones ?? [];
  const linked = items.find((item) => item.id === linkedId);
  useEffect(() => {
    if (!linked || opened.current === linked.id) return;
    opened.current = linked.id;
    setEditing(linked);
  }, [linked]);
  const today = todayIndex(
    items.map((item) => item.dueAt),
    now,
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Milestones
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" /> Add Milestone
          </Button>
          <Button variant="outline" onClick={() => setSuggesting(true)}>
            <Sparkles aria-hidden="true" /> Suggest Milestones
          </Button>
        </div>
        {milestones.isError && (
          <ErrorAlert error={milestones.error} fallback="The milestones could not be loaded." />
        )}
        {milestones.data && items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No milestones yet. Add one, or let the methodology suggest a timeline.
          </p>
        )}
        {items.length > 0 && (
          <ol className="grid gap-3" aria-label="Milestones in due order">
            {items.map((milestone, index) => (
              <Fragment key={milestone.id}>
                {index === today && <TodayMarker now={now} />}
                <li className="grid gap-2 rounded-md border p-3" data-testid="milestone-item">
                  <div className="flex flex-wrap items-center gap-2">
                    <MilestoneStageBadge stage={milestone.stage} />
                    <h4 className="min-w-0 font-semibold break-words">{milestone.title}</h4>
                  </div>
                  <p className="text-sm">
                    Due <time dateTime={milestone.dueAt}>{formatDue(milestone.dueAt)}</time>
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {milestone.outsideRange && (
                      <Badge variant="warning">Outside the project's timeline</Badge>
                    )}
                    {milestone.closedAt && <Badge variant="secondary">Closed</Badge>}
                    {milestone.feedbackReleasedAt && <Badge variant="success">Feedback released</Badge>}
                  </div>
                  {milestone.deliverables.length > 0 && (
                    <ul className="list-disc pl-5 text-sm">
                      {milestone.deliverables.map((deliverable) => (
                        <li key={deliverable} className="break-words">
                          {deliverable}
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="link" size="sm" className="px-0">
                      <Link href={`/projects/${projectId}/milestones/${milestone.id}`}>
                        Submissions<span className="sr-only"> of {milestone.title}</span>
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit ${milestone.title}`}
                      onClick={() => setEditing(milestone)}
                    >
                      <Pencil aria-hidden="true" /> Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Delete ${milestone.title}`}
                      onClick={() => setDeleting(milestone)}
                    >
                      <Trash2 aria-hidden="true" /> Delete
                    </Button>
                  </div>
                </li>
              </Fragment>
            ))}
            {today === items.length && <TodayMarker now={now} />}
          </ol>
        )}
        {editing !== null && (
          <MilestoneDialog
            projectId={projectId}
            milestone={editing === "new" ? null : editing}
            focusDueDate={focusDueDate && editing !== "new" && editing.id === linkedId}
            onClose={() => setEditing(null)}
          />
        )}
        {suggesting && (
          <MilestoneSuggestionsDialog projectId={projectId} onClose={() => setSuggesting(false)} />
        )}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={deleting ? `Delete "${deleting.title}"?` : null}
          description="The milestone and the work handed in for it are deleted."
          confirmLabel="Delete Milestone"
          onConfirm={() => {
            if (!deleting) return;
            const { id, title } = deleting;
            setDeleting(null);
            remove.mutate(id, {
              onSuccess: () => toast({ title: "Milestone Deleted", description: `"${title}" was deleted.` }),
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: "Error",
                  description: getErrorMessage(error, "Please try again."),
                }),
            });
          }}
        />
      </CardContent>
    </Card>
  );
}
