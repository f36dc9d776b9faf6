import { Target } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { formatDate } from "#client/lib/utils.ts";
import { READINESS_MESSAGES } from "#shared/schemas/pacing.ts";
import { useStudentReadiness } from "./api/readiness-api.ts";

const percent = (value: number) => `${Math.round(value * 100)} %`;

/**
 * "Strengthen these concepts first": the student's pivot concepts whose predicted recall at the
 * project's launch is below the threshold, with a practice session of just those items; when the
 * launch milestone waits for readiness, says that its hand-in opens once they hold. Nothing when
 * every concept holds (or the project has no launch).
 */
export function StrengthenCard({ projectId }: { projectId: number }) {
  const query = useStudentReadiness(projectId);
  const data = query.data;
  if (!data?.launch || data.concepts.length === 0) return null;
  const { launch } = data;
  const when = launch.milestone
    ? `${launch.milestone.title} (${formatDate(launch.date)})`
    : `the launch on ${formatDate(launch.date)}`;
  return (
    <Card role="region" aria-labelledby="strengthen-heading">
      <CardHeader>
        <CardTitle id="strengthen-heading" className="flex items-center gap-2">
          <Target aria-hidden="true" className="size-5" /> {READINESS_MESSAGES.strengthenFirst}
        </CardTitle>
        <CardDescription>
          Your predicted recall of these concepts at {when} is below {percent(data.threshold)}.
          {data.waits ? ` ${launch.milestone?.title ?? "The launch"} opens for hand-in once they hold.` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-1 text-sm" aria-label="Concepts to strengthen">
          {data.concepts.map((concept) => (
            <li key={concept.pivotCardId} className="flex flex-wrap justify-between gap-2 break-words">
              <span>{concept.title}</span>
              <span className="text-muted-foreground">predicted recall {percent(concept.recall)}</span>
            </li>
          ))}
        </ul>
        <Link
          href={`/student/practice?projectId=${projectId}&strengthen=1`}
          className={buttonVariants({ className: "justify-self-start" })}
        >
          Practise these concepts ({data.itemCount} {data.itemCount === 1 ? "item" : "items"})
        </Link>
      </CardContent>
    </Card>
  );
}
