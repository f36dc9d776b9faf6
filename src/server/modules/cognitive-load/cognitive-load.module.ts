import type { AppModule } from "../../context.ts";
import { createProjectsRepository } from "../projects/projects.repository.ts";
import { createCognitiveLoadRepository } from "./cognitive-load.repository.ts";
import { cognitiveLoadRoutes } from "./cognitive-load.routes.ts";
import { createCognitiveLoadService } from "./cognitive-load.service.ts";

/** Check-ins are rate limited like contributions: CONTRIBUTION_RATE_LIMIT_PER_MINUTE per address. */
export const cognitiveLoadModule: AppModule = ({ db, config, now, limits, sessions }) =>
  cognitiveLoadRoutes(
    createCognitiveLoadService({
      checkIns: createCognitiveLoadRepository(db),
      projects: createProjectsRepository(db),
      now,
    }),
    limits.limiter("public-check-ins", { limit: config.rateLimit.contributionsPerMinute, windowMs: 60_000 }),
    sessions,
  );
