import { Rocket, Target } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { formatDate } from "#client/lib/utils.ts";
import { READINESS_MESSAGES, type StudentReadiness } from "#shared/schemas/pacing.ts";
import { useStudentReadiness } from "./api/readiness-api.ts";

const percent = (value: number) => `${Math.round(value * 100)} %`;

const launchName = (launch: NonNullable<StudentReadiness["launch"]>) =>
  launch.milestone
    ? `${launch.milestone.title} (${formatDate(launch.date)})`
    : `the launch on ${formatDate(launch.date)}`;

/**
 * The student's pivot concepts at the project's launch: every concept's predicted recall on that
 * date and, when some are below the threshold, "Strengthen these concepts first" with a practice
 * session of just those items (and, when the launch milestone waits for readiness, that its
 * hand-in opens once they hold). `onlyToStrengthen`: nothing when every concept holds (the launch
 * milestone's page). Nothing without a launch or concepts.
 */
export function StrengthenCard({
  projectId,
  onlyToStrengthen = false,
}: {
  projectId: number;
  onlyToStrengthen?: boolean;
}) {
  const query = useStudentReadiness(projectId);
  const data = query.data;
  if (!data?.launch || data.recall.length === 0) return null;
  const { launch } = data;
  const toStrengthen = data.concepts.length > 0;
  if (onlyToStrengthen && !toStrengthen) return null;
  const below = new Set(data.concepts.map((concept) => concept.pivotCardId));
  return (
    <Card role="region" aria-labelledby={`strengthen-${projectId}`}>
      <CardHeader>
        <CardTitle id={`strengthen-${projectId}`} className="flex items-center gap-2">
          {toStrengthen ? (
            <>
              <Target aria-hidden="true" className="size-5" /> {READINESS_MESSAGES.strengthenFirst}
            </>
          ) : (
            <>
              <Rocket aria-hidden="true" className="size-5" /> Ready for the launch
            </>
          )}
        </CardTitle>
        <CardDescription>
          {toStrengthen
            ? `Your predicted recall of ${data.concepts.length === 1 ? "a concept" : "some concepts"} at ${launchName(launch)} is below ${percent(data.threshold)}.`
            : `Your predicted recall of every concept at ${launchName(launch)} is at least ${percent(data.threshold)}.`}
          {data.waits ? ` ${launch.milestone?.title ?? "The launch"} opens for hand-in once they hold.` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-1 text-sm" aria-label="Predicted recall at the launch">
          {(onlyToStrengthen ? data.concepts : data.recall).map((concept) => (
            <li key={concept.pivotCardId} className="flex flex-wrap justify-between gap-2 break-words">
              <span>
                {concept.title}
                {below.has(concept.pivotCardId) && !onlyToStrengthen ? (
                  <span className="text-muted-foreground"> (to strengthen)</span>
                ) : null}
              </span>
              <span className="text-muted-foreground">predicted recall {percent(concept.recall)}</span>
            </li>
          ))}
        </ul>
        {toStrengthen && (
          <Link
            href={`/student/practice?projectId=${projectId}&strengthen=1`}
            className={buttonVariants({ className: "justify-self-start" })}
          >
            Practise these concepts ({data.itemCount} {data.itemCount === 1 ? "item" : "items"})
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
