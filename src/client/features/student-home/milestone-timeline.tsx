import { Fragment } from "react";
import { Link } from "wouter";
import {
  formatDue,
  MilestoneStageBadge,
  TodayMarker,
  todayIndex,
} from "#client/components/milestones/milestone-stage-badge.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import type { StudentMilestone } from "#shared/schemas/milestones.ts";
import { useStudentMilestones } from "./api/student-milestones.ts";

/** The first milestone still open, not handed in and due from now on: what to work on next. */
export const dueNextId = (milestones: StudentMilestone[], now: Date) =>
  milestones.find((item) => !item.closed && !item.submitted && Date.parse(item.dueAt) >= now.getTime())?.id;

/** The project's milestones, read only: "Due next" marked, whether the student handed in, "Today". */
export function MilestoneTimeline({ projectId }: { projectId: number }) {
  const milestones = useStudentMilestones(projectId);
  const now = new Date();
  const items = milestones.data?.milestones ?? [];
  const today = todayIndex(
    items.map((item) => item.dueAt),
    now,
  );
  const next = dueNextId(items, now);
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Milestones</h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        {milestones.isError && (
          <ErrorAlert error={milestones.error} fallback="The milestones could not be loaded." />
        )}
        {milestones.data && items.length === 0 && (
          <p className="text-sm text-muted-foreground">Your instructor has not set milestones yet.</p>
        )}
        {items.length > 0 && (
          <ol className="grid gap-3" aria-label="Milestones in due order">
            {items.map((milestone, index) => (
              <Fragment key={milestone.id}>
                {index === today && <TodayMarker now={now} />}
                <li
                  className={`grid gap-2 rounded-md border p-3 ${milestone.id === next ? "border-primary border-2" : ""}`}
                  data-testid="milestone-item"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <MilestoneStageBadge stage={milestone.stage} />
                    <h3 className="min-w-0 font-semibold break-words">{milestone.title}</h3>
                    {milestone.id === next && <Badge variant="default">Due next</Badge>}
                  </div>
                  <p className="text-sm">
                    Due <time dateTime={milestone.dueAt}>{formatDue(milestone.dueAt)}</time>
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {milestone.submitted ? (
                      <Badge variant="success">Submitted</Badge>
                    ) : (
                      <Badge variant="secondary">Not submitted</Badge>
                    )}
                    {milestone.closed && <Badge variant="secondary">Closed</Badge>}
                    {milestone.feedbackReleased && <Badge variant="success">Feedback released</Badge>}
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
                  <Link
                    href={`/student/projects/${projectId}/milestones/${milestone.id}`}
                    className="text-sm text-primary underline-offset-4 hover:underline"
                  >
                    Open<span className="sr-only"> {milestone.title}</span>: hand in and feedback
                  </Link>
                </li>
              </Fragment>
            ))}
            {today === items.length && <TodayMarker now={now} />}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
