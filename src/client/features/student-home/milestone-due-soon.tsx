import { Link } from "wouter";
import { formatDue, MilestoneStageBadge } from "#client/components/milestones/milestone-stage-badge.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { useDueMilestones } from "./api/student-milestones.ts";

/** What is due soon across the student's projects (within 14 days, or overdue and not handed in). */
export function MilestoneDueSoon() {
  const due = useDueMilestones();
  const items = due.data?.milestones ?? [];
  if (items.length === 0) return null;
  const now = Date.now();
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Due Soon</h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {items.map((milestone) => (
            <li key={milestone.id} className="flex flex-wrap items-center gap-2 text-sm">
              <MilestoneStageBadge stage={milestone.stage} />
              <Link
                href={`/student/projects/${milestone.projectId}/milestones/${milestone.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline break-words"
              >
                {milestone.title}
              </Link>
              <span className="text-muted-foreground break-words">{milestone.projectTitle}</span>
              <span>
                due <time dateTime={milestone.dueAt}>{formatDue(milestone.dueAt)}</time>
              </span>
              {Date.parse(milestone.dueAt) < now && <Badge variant="destructive">Overdue</Badge>}
              {milestone.submitted && <Badge variant="success">Submitted</Badge>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
