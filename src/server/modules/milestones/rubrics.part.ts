import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createRubricsRepository } from "./rubrics.repository.ts";
import { rubricsRoutes } from "./rubrics.routes.ts";
import { createRubricsService } from "./rubrics.service.ts";

/** Rubrics (criteria × levels): the builder, its starting points and exports. */
export const rubricsPart = (context: AppContext): FastifyPluginAsyncZod =>
  rubricsRoutes(createRubricsService(createRubricsRepository(context.db)));
