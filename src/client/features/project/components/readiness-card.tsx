import { Rocket, Settings2 } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { formatDate } from "#client/lib/utils.ts";
import type { Readiness } from "#shared/schemas/pacing.ts";
import { useReadiness, useSetPacingOptions } from "../api/pacing.ts";
import { ReadinessSettingsDialog } from "./readiness-settings-dialog.tsx";

const percent = (value: number) => `${Math.round(value * 100)} %`;

function LaunchLine({ launch }: { launch: NonNullable<Readiness["launch"]> }) {
  return (
    <p className="text-sm text-muted-foreground">
      {launch.milestone
        ? `Launch milestone: ${launch.milestone.title}, due ${formatDate(launch.date)}.`
        : `Launch date you set: ${formatDate(launch.date)}.`}
    </p>
  );
}

function Figures({ readiness, projectId }: { readiness: Readiness; projectId: number }) {
  const waitId = useId();
  const setOptions = useSetPacingOptions(projectId);
  const below = `Students below ${percent(readiness.threshold)}`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={readiness.status === "ready" ? "success" : "warning"} className="text-sm">
            {readiness.verdict}
          </Badge>
        </p>
        <p className="text-sm break-words">{readiness.why}</p>
        {readiness.launch && <LaunchLine launch={readiness.launch} />}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Predicted recall of each pivot concept at the launch</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1 pr-3 font-medium">
                Concept
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Mean predicted recall
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {below}
              </th>
              <th scope="col" className="py-1 font-medium">
                Verdict
              </th>
            </tr>
          </thead>
          <tbody>
            {readiness.concepts.map((concept) => (
              <tr key={concept.pivotCardId} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-3 font-normal break-words">
                  {concept.title}
                </th>
                <td className="py-1 pr-3">{percent(concept.meanRecall)}</td>
                <td className="py-1 pr-3">
                  {concept.studentsBelow} of {readiness.studentCount}
                </td>
                <td className="py-1">{concept.ready ? "Holds" : "Review first"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {readiness.students.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">Students who most need review</h4>
          <ul className="grid gap-1 text-sm" aria-label="Students who most need review">
            {readiness.students.map((student) => (
              <li key={student.studentId} className="break-words">
                <span className="font-medium">{student.name}</span>:{" "}
                {student.concepts.map((concept) => `${concept.title} ${percent(concept.recall)}`).join(", ")}
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">Only you see these names.</p>
        </div>
      )}
      {readiness.launch?.milestone && (
        <div className="grid gap-1">
          <label htmlFor={waitId} className="flex items-center gap-2 text-sm">
            <input
              id={waitId}
              type="checkbox"
              checked={readiness.launchWaitsForReadiness}
              disabled={setOptions.isPending}
              onChange={(event) => setOptions.mutate({ launchWaitsForReadiness: event.target.checked })}
              aria-describedby={`${waitId}-hint`}
            />
            {readiness.launch.milestone.title} waits for readiness
          </label>
          <p id={`${waitId}-hint`} className="pl-5 text-sm text-muted-foreground">
            A student below {percent(readiness.threshold)} on a concept sees "Strengthen these concepts first"
            with a practice session of just those items, and hands in once they hold.
          </p>
          {setOptions.isError && (
            <ErrorAlert error={setOptions.error} fallback="The change could not be saved." />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Launch readiness on the project screen: per pivot concept, the class's predicted recall at the
 * launch and how many students are below the threshold, the verdict with why, the students who
 * most need review, and whether the launch milestone waits for readiness; its settings in a dialog.
 */
export function ReadinessCard({ projectId }: { projectId: number }) {
  const readiness = useReadiness(projectId);
  const setOptions = useSetPacingOptions(projectId);
  const [settings, setSettings] = useState(false);
  const data = readiness.data;
  return (
    <Card role="region" aria-labelledby={`readiness-${projectId}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h3" id={`readiness-${projectId}`} className="flex items-center gap-2 text-base">
          <Rocket aria-hidden="true" className="size-5" /> Launch readiness
        </CardTitle>
        <Button variant="outline" size="sm" onClick={() => setSettings(true)} disabled={!data}>
          <Settings2 aria-hidden="true" /> Readiness settings
        </Button>
      </CardHeader>
      <CardContent>
        {readiness.isError ? (
          <ErrorAlert error={readiness.error} fallback="The launch readiness could not be loaded." />
        ) : !data ? (
          <Skeleton className="h-24 rounded-lg" />
        ) : data.status === "ready" || data.status === "review" ? (
          <Figures readiness={data} projectId={projectId} />
        ) : (
          <div className="grid gap-2 text-sm">
            <p>{data.message}</p>
            {data.launch && <LaunchLine launch={data.launch} />}
            {data.status === "off" && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={setOptions.isPending}
                onClick={() => setOptions.mutate({ readiness: true })}
              >
                Turn launch readiness on
              </Button>
            )}
            {setOptions.isError && (
              <ErrorAlert error={setOptions.error} fallback="The change could not be saved." />
            )}
          </div>
        )}
      </CardContent>
      {settings && <ReadinessSettingsDialog projectId={projectId} onClose={() => setSettings(false)} />}
    </Card>
  );
}
