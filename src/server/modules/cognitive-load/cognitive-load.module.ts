import type { AppModule } from "../../context.ts";
import { cognitiveLoadRoutes } from "./cognitive-load.routes.ts";

/**
 * Check-ins are rate limited like contributions: CONTRIBUTION_RATE_LIMIT_PER_MINUTE per address.
 * The service is `checkIns` in the context, since student-data adds check-ins through it too.
 */
export const cognitiveLoadModule: AppModule = ({ config, limits, sessions, checkIns }) =>
  cognitiveLoadRoutes(
    checkIns,
    limits.limiter("public-check-ins", { limit: config.rateLimit.contributionsPerMinute, windowMs: 60_000 }),
    sessions,
  );
