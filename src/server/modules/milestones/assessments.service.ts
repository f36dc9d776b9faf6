import { rubricScore } from "#shared/domain/rubrics.ts";
import { type Assessment, type AssessmentInput, SUBMISSION_MESSAGES } from "#shared/schemas/submissions.ts";
import type { Caller } from "../../lib/access.ts";
import type { MilestoneAccess } from "./submissions.access.ts";
import {
  createInvalidScoreError,
  createNoRubricError,
  createSubmissionNotFoundError,
} from "./submissions.errors.ts";
import { toAssessment } from "./submissions.presenter.ts";
import type { SubmissionsRepository } from "./submissions.repository.ts";

/** Assessing a version with its milestone's rubric, and releasing the feedback (scores: assessments.scores.ts). */
export function createAssessmentsService(deps: {
  submissions: SubmissionsRepository;
  access: MilestoneAccess;
  now: () => Date;
}) {
  const { submissions, access, now } = deps;

  return {
    /**
     * Saves the owner's assessment of one version (a draft, or final): every score names a
     * criterion and a level of the milestone's rubric; the score is the rubric's weighted share, 0–100.
     */
    async assess(caller: Caller, submissionId: number, input: AssessmentInput): Promise<Assessment> {
      const row = await submissions.submission(submissionId);
      if (!row) throw createSubmissionNotFoundError();
      const milestone = await access.owned(caller, row.milestoneId).catch(() => {
        throw createSubmissionNotFoundError();
      });
      const rubric = milestone.rubricId ? await submissions.rubric(milestone.rubricId) : undefined;
      if (!rubric) throw createNoRubricError();
      const seen = new Set<string>();
      for (const score of input.scores) {
        const criterion = rubric.criteria.find((candidate) => candidate.id === score.criterionId);
        if (!criterion)
          throw createInvalidScoreError(SUBMISSION_MESSAGES.unknownCriterion(score.criterionId));
        if (seen.has(criterion.id))
          throw createInvalidScoreError(SUBMISSION_MESSAGES.repeatedCriterion(criterion.id));
        seen.add(criterion.id);
        if (!criterion.levels[score.level]) {
          throw createInvalidScoreError(SUBMISSION_MESSAGES.unknownLevel(criterion.title));
        }
      }
      const saved = await submissions.saveAssessment({
        submissionId,
        scores: input.scores,
        overallComment: input.overallComment,
        score: rubricScore(rubric.criteria, input.scores),
        status: input.status,
        assessedAt: now(),
      });
      return toAssessment(saved);
    },

    /** Releases the milestone's final assessments to its students; a second release changes nothing. */
    async release(caller: Caller, milestoneId: number): Promise<{ feedbackReleasedAt: string }> {
      await access.owned(caller, milestoneId);
      const at = await submissions.release(milestoneId, now());
      return { feedbackReleasedAt: at.toISOString() };
    },
  };
}

export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
