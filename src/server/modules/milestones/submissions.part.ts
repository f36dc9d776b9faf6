import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";

/** Submissions against milestones, their assessment with the rubric, feedback and revisions. Not built yet: no route. */
export const submissionsPart =
  (_context: AppContext): FastifyPluginAsyncZod =>
  async () => {};
