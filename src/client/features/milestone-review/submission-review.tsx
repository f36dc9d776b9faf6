import { formatScore } from "#client/components/rubrics/format-score.ts";
import { SubmissionWork } from "#client/components/submissions/submission-work.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import type { SubmissionDetail } from "#shared/schemas/submissions.ts";
import { useSubmission } from "./api/get-submission.ts";
import { useSaveAssessment } from "./api/save-assessment.ts";
import { ScoringPanel } from "./scoring-panel.tsx";

type ReviewedVersion = SubmissionDetail["versions"][number];

/** One version's work, and for an earlier one the score it was given (a draft said so). */
function VersionWork({
  version,
  current,
  submitter,
}: {
  version: ReviewedVersion;
  current: boolean;
  /** Who handed it in, for a team's version. */
  submitter: string | undefined;
}) {
  return (
    <article
      aria-label={`Version ${version.version}`}
      className={
        current
          ? "grid content-start gap-2 rounded-md border border-primary p-3"
          : "grid content-start gap-2 rounded-md border p-3"
      }
    >
      <h4 className="flex flex-wrap items-center gap-2 font-semibold">
        Version {version.version}
        {current ? <Badge>Being scored</Badge> : null}
        {version.late ? <Badge variant="warning">Late</Badge> : null}
      </h4>
      <p className="text-sm text-muted-foreground">
        {submitter ? `Handed in by ${submitter}, ` : "Handed in "}
        {formatDateTime(version.submittedAt)}
      </p>
      {!current ? (
        <p className="text-sm font-medium">
          {version.assessment
            ? `Scored ${formatScore(version.assessment.score)} / 100${version.assessment.status === "draft" ? " (draft)" : ""}`
            : "Not scored"}
        </p>
      ) : null}
      <SubmissionWork version={version} />
    </article>
  );
}

/**
 * One submission opened from the students table: the version being scored beside the student's
 * earlier one (side by side on a wide screen), then the scoring panel.
 */
export function SubmissionReview({
  milestoneId,
  submissionId,
  released,
}: {
  milestoneId: number;
  submissionId: number;
  /** Feedback is released: a final assessment reaches the student as soon as it is saved. */
  released: boolean;
}) {
  const query = useSubmission(milestoneId, submissionId);
  const save = useSaveAssessment(milestoneId, submissionId);
  if (query.isPending) return <Spinner label="Loading the submission..." />;
  if (query.isError) return <ErrorAlert error={query.error} fallback="The submission could not be loaded." />;
  const { student, team, submission, versions, rubric, assessment } = query.data;
  const names = new Map([...(team?.members ?? []).map((member) => [member.id, member.name] as const)]);
  names.set(student.id, student.name);
  const submitterOf = (version: ReviewedVersion) =>
    team ? (names.get(version.studentId) ?? "a former member") : undefined;
  const current = versions.find((version) => version.id === submission.id);
  const earlier = versions.filter((version) => version.version < submission.version).at(-1);
  return (
    <section aria-labelledby="submission-heading" className="grid gap-4">
      <h2 id="submission-heading" className="text-xl font-semibold break-words">
        {team?.name ?? student.name}: version {submission.version} of {versions.length}
      </h2>
      {team ? (
        <p className="text-sm text-muted-foreground">
          Handed in by {student.name}. Members:{" "}
          {team.members.length > 0 ? team.members.map((member) => member.name).join(", ") : "none"}.
        </p>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        {current ? <VersionWork version={current} current submitter={submitterOf(current)} /> : null}
        {earlier ? <VersionWork version={earlier} current={false} submitter={submitterOf(earlier)} /> : null}
      </div>
      {rubric && released ? (
        <p className="text-sm text-muted-foreground">
          Feedback is released: saving as final shows this assessment to{" "}
          {team ? `every member of ${team.name}` : student.name} at once.
        </p>
      ) : null}
      {rubric ? (
        <ScoringPanel
          key={`${submission.id}-${assessment?.assessedAt ?? "new"}`}
          rubric={rubric}
          assessment={assessment}
          saving={save.isPending}
          error={save.error}
          onSave={(input) => save.mutate(input)}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          This milestone has no rubric: add one to score its work.
        </p>
      )}
    </section>
  );
}
