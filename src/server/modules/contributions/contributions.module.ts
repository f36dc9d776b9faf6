import type { AppModule } from "../../context.ts";
import { RateLimiter } from "../../lib/rate-limiter.ts";
import { createProjectsRepository } from "../projects/projects.repository.ts";
import { createContributionsRepository } from "./contributions.repository.ts";
import { contributionsRoutes } from "./contributions.routes.ts";
import { createContributionsService } from "./contributions.service.ts";

export const contributionsModule: AppModule = ({ db, config, nowMs, events }) =>
  contributionsRoutes(
    createContributionsService({
      contributions: createContributionsRepository(db),
      projects: createProjectsRepository(db),
      db,
      events,
    }),
    {
      contributions: new RateLimiter(config.rateLimit.contributionsPerMinute, 60_000, nowMs),
      linkLookups: new RateLimiter(config.rateLimit.linkLookupsPerMinute, 60_000, nowMs),
    },
  );
