import { CalendarPlus, Check, Undo2 } from "lucide-react";
import { Link } from "wouter";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { CONTEXT_LABELS, MEASURE_LABELS } from "#shared/domain/cognitive-load.ts";
import { PACING_MEASURES, type PacingActionKind } from "#shared/domain/cognitive-load-pacing.ts";
import type {
  AppliedPacingAction,
  PacingAction,
  PacingSuggestionsQuery,
} from "#shared/schemas/cognitive-load-pacing.ts";
import {
  useApplyPacingAction,
  usePacingSuggestions,
  useScheduleReviewSession,
  useSetSuggestions,
  useUndoPacingAction,
} from "../api/pacing-api.ts";

const KIND_LABELS: Record<PacingActionKind, string> = {
  "worked-example": "Worked example added",
  "split-deliverable": "Deliverable split",
  "review-session": "Pivot review session scheduled",
  "move-due-date": "Due date moved",
};

const failed = (title: string) => (error: unknown) =>
  toast({ variant: "destructive", title, description: getErrorMessage(error, "Please try again.") });

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/**
 * A project's interventions with their actions in the product (spec B §9): a link to where each
 * is done with "Mark as applied", or one click for the pivot review session; then the applied
 * actions with the stage's means before and after. The project's owner can turn suggestions off
 * (its pacing switch); then the interventions read as advice only.
 */
export function PacingSuggestions({
  projectId,
  query,
  notice = null,
}: {
  projectId: number;
  query: PacingSuggestionsQuery;
  /** Why the slice has no figures (fewer than 3 responses): said instead of the interventions. */
  notice?: string | null;
}) {
  const suggestions = usePacingSuggestions(projectId, query);
  const apply = useApplyPacingAction();
  const schedule = useScheduleReviewSession();
  const undo = useUndoPacingAction();
  const switchSuggestions = useSetSuggestions();
  const busy = apply.isPending || schedule.isPending || undo.isPending || switchSuggestions.isPending;

  if (suggestions.isPending) return <Skeleton className="h-40" />;
  if (suggestions.isError)
    return <ErrorAlert error={suggestions.error} fallback="The suggestions could not be loaded." />;
  const { interventions, applied, suggestionsOn, pressures } = suggestions.data;

  const onUndo = (actionId: number, label: string) =>
    undo.mutate(
      { projectId, actionId },
      {
        onSuccess: () =>
          toast({ title: "Undone", description: `"${label}" is no longer marked as applied.` }),
        onError: failed("Could not undo"),
      },
    );

  const actionItem = (interventionId: string, action: PacingAction) => (
    <li key={`${action.kind}-${action.targetId}`} className="grid gap-2 rounded-md border p-3">
      {action.href ? (
        <Link
          href={action.href}
          className="font-medium break-words text-primary underline underline-offset-4"
        >
          {action.label}
        </Link>
      ) : (
        <span className="font-medium break-words">{action.label}</span>
      )}
      <p className="text-sm text-muted-foreground break-words">
        <strong className="font-medium text-foreground">Why: </strong>
        {action.why}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {action.appliedId !== null ? (
          <>
            <Badge variant="success">Applied</Badge>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Undo: ${action.label}`}
              onClick={() => action.appliedId !== null && onUndo(action.appliedId, action.label)}
            >
              <Undo2 aria-hidden="true" /> Undo
            </Button>
          </>
        ) : action.kind === "review-session" ? (
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              schedule.mutate(
                { projectId, body: { interventionId, stage: action.stage } },
                {
                  onSuccess: ({ milestone }) =>
                    toast({
                      title: "Pivot review session scheduled",
                      description: `Due ${day(milestone.dueAt)}, on the project's timeline.`,
                    }),
                  onError: failed("Could not schedule the session"),
                },
              )
            }
          >
            <CalendarPlus aria-hidden="true" /> Schedule it
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Mark as applied: ${action.label}`}
            onClick={() => {
              if (action.kind === "review-session") return;
              apply.mutate(
                {
                  projectId,
                  body: { interventionId, kind: action.kind, stage: action.stage, targetId: action.targetId },
                },
                { onError: failed("Could not mark it as applied") },
              );
            }}
          >
            <Check aria-hidden="true" /> Mark as applied
          </Button>
        )}
      </div>
    </li>
  );

  const turnSuggestions = (on: boolean) =>
    switchSuggestions.mutate(
      { projectId, on },
      { onError: failed(`Could not turn suggestions ${on ? "on" : "off"}`) },
    );

  return (
    <div className="grid gap-4">
      {!suggestionsOn ? (
        <Alert>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            <span>Suggestions are off for this project.</span>
            <Button
              size="sm"
              variant="outline"
              disabled={switchSuggestions.isPending}
              onClick={() => turnSuggestions(true)}
            >
              Turn suggestions on
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {suggestionsOn ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>Suggestions for this project come from its check-ins and are yours to apply or not.</span>
          <Button
            size="sm"
            variant="outline"
            disabled={switchSuggestions.isPending}
            onClick={() => turnSuggestions(false)}
          >
            Turn suggestions off for this project
          </Button>
        </div>
      ) : null}
      {suggestionsOn && pressures.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Where the load is high">
          {pressures.map((pressure) => (
            <li key={pressure.stage}>{pressure.text}</li>
          ))}
        </ul>
      ) : null}
      {notice ? (
        <p className="text-muted-foreground">{notice}</p>
      ) : interventions.length === 0 ? (
        <p className="text-muted-foreground">
          Nothing calls for an intervention in this slice: every measure is on target.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Proposed interventions">
          {interventions.map((intervention) => (
            <li key={intervention.id}>
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">{intervention.title}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-3 text-sm">
                  <p>{intervention.action}</p>
                  <p className="text-muted-foreground">
                    <strong className="font-medium text-foreground">Why: </strong>
                    {intervention.why}
                  </p>
                  {intervention.actions.length > 0 ? (
                    <ul className="grid gap-2" aria-label={`Actions for ${intervention.title}`}>
                      {intervention.actions.map((action) => actionItem(intervention.id, action))}
                    </ul>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {applied.length > 0 ? (
        <section aria-labelledby="applied-actions-heading" className="grid gap-3">
          <h3 id="applied-actions-heading" className="text-lg font-semibold">
            Applied actions
          </h3>
          <ul className="grid gap-3" aria-label="Applied actions">
            {applied.map((action) => (
              <AppliedItem key={action.id} action={action} busy={busy} onUndo={onUndo} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function AppliedItem({
  action,
  busy,
  onUndo,
}: {
  action: AppliedPacingAction;
  busy: boolean;
  onUndo: (actionId: number, label: string) => void;
}) {
  const label = `${KIND_LABELS[action.kind]}: ${action.targetLabel}`;
  const sides = [
    ["Before", action.effect.before],
    ["After", action.effect.after],
  ] as const;
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium break-words">{label}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Undo: ${label}`}
          onClick={() => onUndo(action.id, label)}
        >
          <Undo2 aria-hidden="true" /> Undo
        </Button>
      </div>
      <p className="text-muted-foreground">
        Applied <time dateTime={action.appliedAt}>{day(action.appliedAt)}</time>; effect on the{" "}
        {CONTEXT_LABELS[action.stage].toLowerCase()} check-ins of the 14 days before and after.
      </p>
      <dl className="grid gap-2 sm:grid-cols-2">
        {sides.map(([side, figures]) => (
          <div key={side} className="grid gap-1 rounded-md bg-muted p-2">
            <dt className="font-medium">
              {side} ({figures.responses} {figures.responses === 1 ? "check-in" : "check-ins"})
            </dt>
            <dd>
              {figures.means ? (
                <ul className="grid gap-0.5">
                  {PACING_MEASURES.map((measure) => (
                    <li key={measure}>
                      {MEASURE_LABELS[measure]}: {figures.means?.[measure].toFixed(1)}
                    </li>
                  ))}
                </ul>
              ) : (
                figures.notice
              )}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
