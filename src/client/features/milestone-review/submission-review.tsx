import { ExternalLink, FileText } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import type { SubmissionVersion } from "#shared/schemas/submissions.ts";
import { useSubmission } from "./api/get-submission.ts";
import { useSaveAssessment } from "./api/save-assessment.ts";
import { ScoringPanel } from "./scoring-panel.tsx";

/** One version's text, link and files. */
function VersionWork({ version, current }: { version: SubmissionVersion; current: boolean }) {
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
      <p className="text-sm text-muted-foreground">Handed in {formatDateTime(version.submittedAt)}</p>
      {version.text ? <p className="text-sm whitespace-pre-wrap break-words">{version.text}</p> : null}
      {version.link ? (
        <a
          href={version.link}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-sm underline break-all"
        >
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" /> {version.link}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      {version.files.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {version.files.map((file) => (
            <li key={file.id}>
              <a
                href={`/api/submission-files/${file.id}`}
                className="inline-flex items-center gap-1 underline break-all"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0" /> {file.originalName}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
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
  const { student, submission, versions, rubric, assessment } = query.data;
  const earlier = versions.filter((version) => version.version < submission.version).at(-1);
  return (
    <section aria-labelledby="submission-heading" className="grid gap-4">
      <h2 id="submission-heading" className="text-xl font-semibold break-words">
        {student.name}: version {submission.version} of {versions.length}
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <VersionWork version={submission} current />
        {earlier ? <VersionWork version={earlier} current={false} /> : null}
      </div>
      {rubric && released ? (
        <p className="text-sm text-muted-foreground">
          Feedback is released: saving as final shows this assessment to {student.name} at once.
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
