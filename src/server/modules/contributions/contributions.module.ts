import type { AppModule } from "../../context.ts";
import { createProjectsRepository } from "../projects/projects.repository.ts";
import { createContributionsRepository } from "./contributions.repository.ts";
import { contributionsRoutes } from "./contributions.routes.ts";
import { createContributionsService } from "./contributions.service.ts";

export const contributionsModule: AppModule = ({ db, config, limits, events }) =>
  contributionsRoutes(
    createContributionsService({
      contributions: createContributionsRepository(db),
      projects: createProjectsRepository(db),
      db,
      events,
    }),
    {
      contributions: limits.limiter("contributions", {
        limit: config.rateLimit.contributionsPerMinute,
        windowMs: 60_000,
      }),
      linkLookups: limits.limiter("contribution-link-lookups", {
        limit: config.rateLimit.linkLookupsPerMinute,
        windowMs: 60_000,
      }),
    },
  );
