import type { AppModule } from "../../context.ts";
import { contributionsRoutes } from "./contributions.routes.ts";

/** The service is `contributions` in the context, since student-data adds contributions through it too. */
export const contributionsModule: AppModule = ({ config, limits, contributions }) =>
  contributionsRoutes(contributions, {
    contributions: limits.limiter("contributions", {
      limit: config.rateLimit.contributionsPerMinute,
      windowMs: 60_000,
    }),
    linkLookups: limits.limiter("contribution-link-lookups", {
      limit: config.rateLimit.linkLookupsPerMinute,
      windowMs: 60_000,
    }),
  });
