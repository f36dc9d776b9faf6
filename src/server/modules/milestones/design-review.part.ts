import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createDesignReviewRepository } from "./design-review.repository.ts";
import { designReviewRoutes } from "./design-review.routes.ts";
import { createDesignReviewService } from "./design-review.service.ts";
import { createRubricsRepository } from "./rubrics.repository.ts";

/** A project's design review: its owner applies the Gold Standard (or a rubric of theirs) to it. */
export const designReviewPart = (context: AppContext): FastifyPluginAsyncZod => {
  const { db, projects, now } = context;
  return designReviewRoutes(
    createDesignReviewService({
      reviews: createDesignReviewRepository(db),
      rubrics: createRubricsRepository(db),
      projects,
      now,
    }),
  );
};
