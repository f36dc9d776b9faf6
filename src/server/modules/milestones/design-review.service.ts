import { goldStandardRubric, scoreProblem, scoringSummary } from "#shared/domain/rubrics.ts";
import type {
  DesignReviewResponse,
  DesignReviewRubric,
  DesignReviewValues,
} from "#shared/schemas/design-review.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import { createDesignRubricNotFoundError, createInvalidDesignScoreError } from "./design-review.errors.ts";
import type { DesignReviewRepository } from "./design-review.repository.ts";
import type { ProjectDesignReviewRow } from "./design-review.table.ts";
import type { RubricsRepository } from "./rubrics.repository.ts";

const goldStandard = (): DesignReviewRubric => {
  const { title, criteria } = goldStandardRubric();
  return { id: null, title, criteria };
};

const rubricOf = (row: ProjectDesignReviewRow): DesignReviewRubric => ({
  id: row.rubricId,
  title: row.rubricTitle,
  criteria: row.criteria,
});

function present(row: ProjectDesignReviewRow): DesignReviewResponse {
  return {
    review: {
      projectId: row.projectId,
      scores: row.scores,
      overallComment: row.overallComment,
      ...scoringSummary(row.criteria, row.scores),
      updatedAt: row.updatedAt.toISOString(),
    },
    rubric: rubricOf(row),
  };
}

/**
 * The owner's review of their project design: with the Gold Standard to start, or one of their
 * rubrics, whose criteria are copied in when chosen. Another's project answers 404.
 */
export function createDesignReviewService(deps: {
  reviews: DesignReviewRepository;
  rubrics: RubricsRepository;
  projects: ProjectAccess;
  now: () => Date;
}) {
  const { reviews, rubrics, projects, now } = deps;

  async function owned(projectId: number, caller: Caller) {
    const project = await projects.findReadable(projectId, viewerOf(caller));
    if (!project) throw createProjectNotFoundError();
    return project;
  }

  /** The rubric to save with: kept when rubricId is left out, the Gold Standard for null. */
  async function chosenRubric(
    rubricId: number | null | undefined,
    current: ProjectDesignReviewRow | undefined,
    caller: Caller,
  ): Promise<DesignReviewRubric> {
    if (rubricId === undefined) return current ? rubricOf(current) : goldStandard();
    if (rubricId === null) return goldStandard();
    const row = await rubrics.find(rubricId, caller.id);
    if (!row) throw createDesignRubricNotFoundError();
    return { id: row.id, title: row.title, criteria: row.criteria };
  }

  return {
    async get(projectId: number, caller: Caller): Promise<DesignReviewResponse> {
      await owned(projectId, caller);
      const row = await reviews.find(projectId);
      return row ? present(row) : { review: null, rubric: goldStandard() };
    },

    /** Saves the levels chosen (a partial review too); every score must fit the rubric. */
    async save(projectId: number, input: DesignReviewValues, caller: Caller): Promise<DesignReviewResponse> {
      await owned(projectId, caller);
      const rubric = await chosenRubric(input.rubricId, await reviews.find(projectId), caller);
      const problem = scoreProblem(rubric.criteria, input.scores);
      if (problem) throw createInvalidDesignScoreError(problem);
      const row = await reviews.save(projectId, {
        rubricId: rubric.id,
        rubricTitle: rubric.title,
        criteria: rubric.criteria,
        scores: input.scores,
        overallComment: input.overallComment,
        updatedAt: now(),
      });
      return present(row);
    },

    /** Starts over: the review is gone (nothing to delete is fine). */
    async remove(projectId: number, caller: Caller): Promise<void> {
      await owned(projectId, caller);
      await reviews.delete(projectId);
    },
  };
}

export type DesignReviewService = ReturnType<typeof createDesignReviewService>;
