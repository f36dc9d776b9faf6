import type { AppModule } from "../../context.ts";
import { createCognitiveLoadReadModel } from "../../read-models/cognitive-load.read-model.ts";
import { cognitiveLoadRoutes } from "./cognitive-load.routes.ts";
import { createPacingRepository } from "./cognitive-load-pacing.repository.ts";
import { pacingSuggestionsRoutes } from "./cognitive-load-pacing.routes.ts";
import { createPacingSuggestionsService } from "./cognitive-load-pacing.service.ts";

/**
 * Check-ins are rate limited like contributions: CONTRIBUTION_RATE_LIMIT_PER_MINUTE per address.
 * The service is `checkIns` in the context, since student-data adds check-ins through it too.
 * The pacing suggestions read the project's switch (`pacingOptions`, read only) and change the
 * timeline through the context's `milestones`.
 */
export const cognitiveLoadModule: AppModule = (context) => {
  const { config, db, limits, sessions, checkIns, projects, milestones, pacingOptions, now } = context;
  const routes = [
    cognitiveLoadRoutes(
      checkIns,
      limits.limiter("public-check-ins", {
        limit: config.rateLimit.contributionsPerMinute,
        windowMs: 60_000,
      }),
      sessions,
    ),
    pacingSuggestionsRoutes(
      createPacingSuggestionsService({
        pacing: createPacingRepository(db),
        readModel: createCognitiveLoadReadModel(db),
        checkIns,
        projects,
        milestones,
        pacingOptions,
        now,
      }),
    ),
  ];
  return async (app) => {
    for (const part of routes) await app.register(part);
  };
};
