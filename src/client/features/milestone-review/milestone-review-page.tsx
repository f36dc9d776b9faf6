import { Download, Search, Send } from "lucide-react";
import { Fragment, useEffect, useId, useState } from "react";
import { Link, useParams, useSearch } from "wouter";
import { useDownloadProjectScores } from "#client/api/submissions/download-scores-csv.ts";
import { MilestoneNotFound } from "#client/components/milestones/milestone-not-found.tsx";
import { formatScore } from "#client/components/rubrics/format-score.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import type { SubmissionRow } from "#shared/schemas/submissions.ts";
import { useDownloadArchive } from "./api/download-archive.ts";
import { useMilestoneSubmissions } from "./api/get-milestone-submissions.ts";
import { useReleaseFeedback } from "./api/release-feedback.ts";
import { PeerEvaluationSection } from "./peer-evaluation-section.tsx";
import { SubmissionReview } from "./submission-review.tsx";

const positiveId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

function statusOf(row: SubmissionRow) {
  if (!row.latest) return "Not handed in";
  if (!row.assessment) return row.versions > 1 ? `Version ${row.latest.version}: not scored` : "Not scored";
  return row.assessment.status === "final" ? "Scored" : "Draft";
}

const rowKey = (row: SubmissionRow) =>
  row.teamId ? `team-${row.teamId}` : `student-${row.studentId ?? row.name}`;

/**
 * /projects/:id/milestones/:milestoneId: the students table (status, late, score), one submission
 * opened with its earlier version and the scoring panel, "Release feedback" and "Download all", and
 * the milestone's peer evaluation. A team milestone lists one row per team with its members, then
 * the students in no team.
 */
export function MilestoneReviewPage() {
  const params = useParams<{ id: string; milestoneId: string }>();
  const projectId = positiveId(params.id);
  const milestoneId = positiveId(params.milestoneId);
  const search = new URLSearchParams(useSearch());
  const opened = positiveId(search.get("submission"));
  const searchId = useId();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [confirming, setConfirming] = useState(false);
  const query = useMilestoneSubmissions(milestoneId, q);
  const release = useReleaseFeedback(milestoneId);
  const archive = useDownloadArchive();
  const scoresCsv = useDownloadProjectScores();
  useEffect(() => {
    if (query.data) document.title = `${query.data.milestone.title} · Pivot & Launch`;
  }, [query.data]);
  if (query.isPending) return <Spinner className="py-16" />;
  if (query.isError || query.data.milestone.projectId !== projectId) {
    return <MilestoneNotFound backHref="/projects" />;
  }
  const { milestone, students } = query.data;
  const base = `/projects/${projectId}/milestones/${milestoneId}`;
  const handedIn = students.filter((row) => row.latest).length;
  const firstTeamless = milestone.teamSubmission ? students.find((row) => row.teamId === null) : undefined;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <Link href={`/projects/${projectId}`} className="text-sm underline">
          Back to the project
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{milestone.title}</h1>
        <p className="text-muted-foreground">
          Due {formatDateTime(milestone.dueAt)} · {handedIn} of {students.length} handed in
          {milestone.feedbackReleasedAt
            ? ` · Feedback released ${formatDateTime(milestone.feedbackReleasedAt)}`
            : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* Released once per milestone: a final assessment saved later reaches its student at once. */}
        {milestone.feedbackReleasedAt ? null : (
          <Button onClick={() => setConfirming(true)} disabled={release.isPending}>
            <Send aria-hidden="true" /> Release feedback
          </Button>
        )}
        <Button
          variant="outline"
          aria-busy={archive.isPending}
          onClick={() => {
            if (!archive.isPending) archive.mutate(milestoneId);
          }}
        >
          <Download aria-hidden="true" /> Download all (.zip)
        </Button>
        <Button
          variant="outline"
          aria-busy={scoresCsv.isPending}
          onClick={() => {
            if (!scoresCsv.isPending) scoresCsv.mutate(projectId);
          }}
        >
          <Download aria-hidden="true" /> Project scores (.csv)
        </Button>
      </div>
      {archive.isError ? (
        <ErrorAlert
          error={archive.error}
          fallback="The submissions could not be downloaded. Please try again."
        />
      ) : null}
      {scoresCsv.isError ? (
        <ErrorAlert
          error={scoresCsv.error}
          fallback="The scores could not be downloaded. Please try again."
        />
      ) : null}
      {release.isError ? (
        <ErrorAlert error={release.error} fallback="The feedback could not be released." />
      ) : null}
      {release.isSuccess ? (
        <p role="status" className="text-sm">
          Feedback released: students now see their final assessments.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Release feedback?"
        description="Every final assessment of this milestone becomes visible to its student. Drafts stay hidden."
        confirmLabel="Release feedback"
        confirmVariant="default"
        onConfirm={() => {
          setConfirming(false);
          release.mutate();
        }}
      />
      <form
        aria-label="Search the submissions"
        className="flex max-w-md gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          Search the submissions
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Search text, links and files"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> Search
        </Button>
      </form>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {milestone.teamSubmission ? "Teams" : "Students"} and their work for {milestone.title}
          </caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                {milestone.teamSubmission ? "Team" : "Student"}
              </th>
              <th scope="col" className="p-2">
                Status
              </th>
              <th scope="col" className="p-2">
                Handed in
              </th>
              <th scope="col" className="p-2">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {students.length === 0 ? (
              <tr>
                <td colSpan={4} className="p-2 text-muted-foreground">
                  {q ? "No work matches the search." : "No student is enrolled yet."}
                </td>
              </tr>
            ) : null}
            {students.map((row) => (
              <Fragment key={rowKey(row)}>
                {row === firstTeamless ? (
                  <tr className="border-b">
                    <th scope="colgroup" colSpan={4} className="p-2 text-muted-foreground">
                      Not in a team
                    </th>
                  </tr>
                ) : null}
                <tr className="border-b" aria-current={row.latest?.id === opened ? "true" : undefined}>
                  <th scope="row" className="p-2 font-medium">
                    {row.latest ? (
                      <Link href={`${base}?submission=${row.latest.id}`} className="underline">
                        {row.name}
                      </Link>
                    ) : (
                      row.name
                    )}
                    {row.teamId ? (
                      <span className="block text-xs font-normal text-muted-foreground">
                        {row.members?.length
                          ? row.members.map((member) => member.name).join(", ")
                          : "No members"}
                      </span>
                    ) : null}
                  </th>
                  <td className="p-2">{statusOf(row)}</td>
                  <td className="p-2">
                    {row.latest ? (
                      <span className="flex flex-wrap items-center gap-2">
                        {formatDateTime(row.latest.submittedAt)}
                        {row.latest.late ? <Badge variant="warning">Late</Badge> : null}
                      </span>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="p-2">{row.assessment ? formatScore(row.assessment.score) : "—"}</td>
                </tr>
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {opened ? (
        <SubmissionReview
          key={opened}
          milestoneId={milestoneId}
          submissionId={opened}
          released={milestone.feedbackReleasedAt !== null}
        />
      ) : null}
      <PeerEvaluationSection milestoneId={milestoneId} />
    </div>
  );
}
