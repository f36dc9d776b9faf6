import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { MilestoneNotFound } from "#client/components/milestones/milestone-not-found.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import { SUBMISSION_MESSAGES } from "#shared/schemas/submissions.ts";
import { useStudentReadiness } from "./api/readiness-api.ts";
import { useStudentMilestone } from "./api/submission-api.ts";
import { MilestoneTeam, VersionList } from "./milestone-versions.tsx";
import { PeerRatingCard } from "./peer-rating-card.tsx";
import { StrengthenCard } from "./strengthen-card.tsx";

// The form and Uppy load with this page's hand-in section, not with the student's space.
const SubmissionForm = lazy(() =>
  import("./submission-form.tsx").then((module) => ({ default: module.SubmissionForm })),
);

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/**
 * /student/projects/:id/milestones/:milestoneId: what is due and when, the hand-in form (or why it
 * is closed), the student's versions, and the feedback once released ("Submit a revision" after);
 * "Rate your team" while a peer evaluation is open. A team milestone names the student's team and
 * who handed in each of the team's versions; a student in no team is told so instead of the form.
 */
export function MilestonePage() {
  const params = useParams<{ id: string; milestoneId: string }>();
  const projectId = positiveId(params.id);
  const query = useStudentMilestone(positiveId(params.milestoneId));
  const readiness = useStudentReadiness(projectId);
  const [handedIn, setHandedIn] = useState<number | null>(null);
  useEffect(() => {
    if (query.data) document.title = `${query.data.milestone.title} · Pivot & Launch`;
  }, [query.data]);
  if (query.isPending) return <Spinner className="py-16" />;
  if (query.isError || query.data.milestone.projectId !== projectId) {
    return <MilestoneNotFound backHref="/student" />;
  }
  const { milestone, versions, rubric, team } = query.data;
  const teamless = milestone.teamSubmission && team === null;
  // The project's launch milestone, waiting until the student's pivot concepts hold.
  const waits = readiness.data?.waits === true && readiness.data.launch?.milestone?.id === milestone.id;
  const closed = milestone.closedAt !== null && new Date(milestone.closedAt) <= new Date();
  const overdue = new Date(milestone.dueAt) < new Date();
  const hasFeedback = versions.some((version) => version.feedback);
  return (
    <>
      <div className="grid gap-1">
        <Link href={`/student/projects/${projectId}`} className="text-sm underline">
          Back to the project
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{milestone.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
          Due {formatDateTime(milestone.dueAt)}
          {closed ? (
            <Badge variant="secondary">Closed</Badge>
          ) : overdue ? (
            <Badge variant="warning">Past due: hand-ins are late</Badge>
          ) : null}
        </p>
        {milestone.teamSubmission ? <MilestoneTeam team={team} /> : null}
      </div>
      {milestone.description || milestone.deliverables.length > 0 ? (
        <Card>
          <CardHeader>
            <h2 className="font-semibold">What to hand in</h2>
            {milestone.description ? (
              <CardDescription className="whitespace-pre-wrap break-words">
                {milestone.description}
              </CardDescription>
            ) : null}
          </CardHeader>
          {milestone.deliverables.length > 0 ? (
            <CardContent>
              <ul className="list-disc pl-5 text-sm">
                {milestone.deliverables.map((deliverable) => (
                  <li key={deliverable} className="break-words">
                    {deliverable}
                  </li>
                ))}
              </ul>
            </CardContent>
          ) : null}
        </Card>
      ) : null}
      <section aria-labelledby="hand-in-heading" className="grid gap-3">
        <h2 id="hand-in-heading" className="text-lg font-semibold">
          {hasFeedback
            ? "Submit a revision"
            : versions.length > 0
              ? "Hand in a new version"
              : "Hand in your work"}
        </h2>
        {handedIn !== null ? (
          <p role="status" className="text-sm">
            Version {handedIn} handed in.
          </p>
        ) : null}
        {closed ? (
          <p className="text-sm text-muted-foreground">
            {milestone.title} is closed and no longer takes submissions.
          </p>
        ) : teamless ? (
          <p className="text-sm text-muted-foreground">{SUBMISSION_MESSAGES.notInTeam}.</p>
        ) : waits ? (
          <StrengthenCard projectId={projectId} onlyToStrengthen />
        ) : (
          <Suspense fallback={<Spinner label="Loading the hand-in form..." />}>
            <SubmissionForm
              milestoneId={milestone.id}
              submitLabel={hasFeedback ? "Submit a revision" : "Hand in"}
              onHandedIn={setHandedIn}
            />
          </Suspense>
        )}
      </section>
      <VersionList
        versions={versions}
        rubric={rubric}
        team={milestone.teamSubmission ? team : null}
        released={milestone.feedbackReleasedAt !== null}
      />
      <PeerRatingCard milestoneId={milestone.id} />
    </>
  );
}
