import { RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { formatDate } from "#client/lib/utils.ts";
import type { SchedulingFit } from "#shared/schemas/scheduling-fit.ts";
import { useFitNow, useFittedSchedulingSwitch, useSchedulingFit } from "../api/scheduling-fit.ts";

const count = (value: number) => value.toLocaleString();
const figure = (value: number) => value.toFixed(3);

/** Which parameters schedule the class now, in one line. */
function inUseText(fit: SchedulingFit): string {
  if (fit.inUse === "switched-off") return "Default parameters: fitted parameters are switched off.";
  if (fit.inUse === "fitted" && fit.fittedAt) {
    return `Parameters fitted on ${formatDate(fit.fittedAt)} from ${count(fit.reviews)} reviews of ${count(fit.students)} students.`;
  }
  return "Default parameters.";
}

/**
 * The project's scheduling as its owner sees it: which FSRS parameters schedule its students'
 * practice (the defaults, fitted ones, or fitted ones switched off), how well the defaults and the
 * fitted parameters predicted held-out reviews, why, Fit now, and the switch.
 */
export function SchedulingCard({ projectId }: { projectId: number }) {
  const fit = useSchedulingFit(projectId);
  const fitNow = useFitNow(projectId);
  const toggle = useFittedSchedulingSwitch(projectId);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const data = fit.data;
  if (!data) return null;
  const failed = (cause: Error) => setError(getErrorMessage(cause, "That did not work. Please try again."));
  const short = !data.data.enough;
  const waiting = data.job !== null || fitNow.isPending;
  const switchId = `fitted-scheduling-${projectId}`;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h3" id={headingId} className="text-base">
          Scheduling
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>{inUseText(data)}</p>
        {data.defaults && data.fitted && (
          <table className="w-full max-w-sm text-left">
            <caption className="sr-only">
              How well each set of parameters predicted held-out reviews (lower is better)
            </caption>
            <thead>
              <tr>
                <th scope="col" className="font-medium">
                  Held-out reviews
                </th>
                <th scope="col" className="font-medium">
                  Log loss
                </th>
                <th scope="col" className="font-medium">
                  RMSE
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className="font-normal">
                  Defaults
                </th>
                <td>{figure(data.defaults.logLoss)}</td>
                <td>{figure(data.defaults.rmse)}</td>
              </tr>
              <tr>
                <th scope="row" className="font-normal">
                  Fitted
                </th>
                <td>{figure(data.fitted.logLoss)}</td>
                <td>{figure(data.fitted.rmse)}</td>
              </tr>
            </tbody>
          </table>
        )}
        {data.reason && <p className="text-muted-foreground">{data.reason}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            disabled={short || waiting}
            aria-describedby={short ? `${switchId}-short` : undefined}
            onClick={() => {
              setError(null);
              fitNow.mutate(undefined, { onError: failed });
            }}
          >
            <RefreshCw aria-hidden="true" /> Fit now
          </Button>
          {short && (
            <span id={`${switchId}-short`} className="text-muted-foreground">
              A fit needs {count(data.data.neededReviews)} reviews from {count(data.data.neededStudents)}{" "}
              students; there are {count(data.data.reviews)} from {count(data.data.students)}.
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          <input
            id={switchId}
            type="checkbox"
            className="size-4"
            checked={data.fittedScheduling}
            disabled={toggle.isPending}
            onChange={(event) => {
              setError(null);
              toggle.mutate(event.target.checked, { onError: failed });
            }}
          />
          <label htmlFor={switchId}>Use parameters fitted to this course</label>
        </div>
        <div role="status" aria-live="polite">
          {data.job === "queued" && <p>A fit is queued.</p>}
          {data.job === "running" && <p>Fitting…</p>}
          {error && <p className="text-destructive">{error}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
