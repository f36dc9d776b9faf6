import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";

/** Milestones: a project's timeline, suggestions from its methodology, calendar feeds. Not built yet: no route. */
export const milestonesPart =
  (_context: AppContext): FastifyPluginAsyncZod =>
  async () => {};
