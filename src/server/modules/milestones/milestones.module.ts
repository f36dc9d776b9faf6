import type { AppModule } from "../../context.ts";
import { designReviewPart } from "./design-review.part.ts";
import { milestonesPart } from "./milestones.part.ts";
import { rubricsPart } from "./rubrics.part.ts";
import { submissionsPart } from "./submissions.part.ts";

/**
 * Running a project (milestones, rubrics, submissions and feedback, the design review): each part
 * builds its own repository and service from the context and answers its routes.
 */
export const milestonesModule: AppModule = (context) => {
  const parts = [
    rubricsPart(context),
    milestonesPart(context),
    submissionsPart(context),
    designReviewPart(context),
  ];
  return async (app) => {
    for (const part of parts) await app.register(part);
  };
};
