import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";

/** Rubrics (criteria × levels): the builder, its starting points and exports. Not built yet: no route. */
export const rubricsPart =
  (_context: AppContext): FastifyPluginAsyncZod =>
  async () => {};
