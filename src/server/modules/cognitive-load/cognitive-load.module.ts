import type { AppModule } from "../../context.ts";
import { RateLimiter } from "../../lib/rate-limiter.ts";
import { createProjectsRepository } from "../projects/projects.repository.ts";
import { createCognitiveLoadRepository } from "./cognitive-load.repository.ts";
import { cognitiveLoadRoutes } from "./cognitive-load.routes.ts";
import { createCognitiveLoadService } from "./cognitive-load.service.ts";

/** Check-ins are rate limited like contributions: CONTRIBUTION_RATE_LIMIT_PER_MINUTE per address. */
export const cognitiveLoadModule: AppModule = ({ db, config, now, nowMs, sessions }) =>
  cognitiveLoadRoutes(
    createCognitiveLoadService({
      checkIns: createCognitiveLoadRepository(db),
      projects: createProjectsRepository(db),
      now,
    }),
    new RateLimiter(config.rateLimit.contributionsPerMinute, 60_000, nowMs),
    sessions,
  );
