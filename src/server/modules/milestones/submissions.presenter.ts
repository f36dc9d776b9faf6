import type {
  Assessment,
  AssessmentRubric,
  ReleasedFeedback,
  SubmissionMilestone,
  SubmissionVersion,
} from "#shared/schemas/submissions.ts";
import type { MilestoneRow, RubricRow, SubmissionRow } from "./milestones.table.ts";
import type { AssessmentRow, SubmissionFileRow } from "./submissions.repository.ts";

export const toSubmissionMilestone = (row: MilestoneRow): SubmissionMilestone => ({
  id: row.id,
  projectId: row.projectId,
  title: row.title,
  stage: row.stage,
  dueAt: row.dueAt.toISOString(),
  description: row.description,
  deliverables: row.deliverables,
  teamSubmission: row.teamSubmission,
  closedAt: row.closedAt?.toISOString() ?? null,
  feedbackReleasedAt: row.feedbackReleasedAt?.toISOString() ?? null,
});

export const toAssessmentRubric = (row: RubricRow | undefined): AssessmentRubric | null =>
  row ? { id: row.id, title: row.title, criteria: row.criteria } : null;

/** Versions with their files, in the order given. */
export function toVersions(rows: SubmissionRow[], files: SubmissionFileRow[]): SubmissionVersion[] {
  return rows.map((row) => ({
    id: row.id,
    milestoneId: row.milestoneId,
    studentId: row.studentId,
    version: row.version,
    text: row.text,
    link: row.link,
    late: row.late,
    submittedAt: row.submittedAt.toISOString(),
    files: files
      .filter((file) => file.submissionId === row.id)
      .map((file) => ({
        id: file.id,
        originalName: file.originalName,
        mimeType: file.mimeType,
        fileSize: file.fileSize,
      })),
  }));
}

export const toAssessment = (row: AssessmentRow): Assessment => ({
  submissionId: row.submissionId,
  scores: row.scores,
  overallComment: row.overallComment,
  score: row.score,
  status: row.status,
  assessedAt: row.assessedAt.toISOString(),
});

/** A final assessment as its student reads it: each criterion's chosen level named, the comments, the score. */
export function toReleasedFeedback(row: AssessmentRow, rubric: RubricRow | undefined): ReleasedFeedback {
  const criteria = rubric?.criteria ?? [];
  return {
    scores: row.scores.map((score) => {
      const criterion = criteria.find((candidate) => candidate.id === score.criterionId);
      const level = criterion?.levels[score.level];
      return {
        criterionId: score.criterionId,
        criterionTitle: criterion?.title ?? "",
        level: score.level,
        levelTitle: level?.title ?? "",
        points: level?.points ?? 0,
        comment: score.comment,
      };
    }),
    overallComment: row.overallComment,
    score: row.score,
  };
}
