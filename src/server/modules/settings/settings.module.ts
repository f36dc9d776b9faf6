import type { AppModule } from "../../context.ts";
import { RateLimiter } from "../../lib/rate-limiter.ts";
import { settingsRoutes } from "./settings.routes.ts";
import { createSettingsService } from "./settings.service.ts";

/** Each key test is a call to the AI provider; a person needs a handful, not hundreds. */
const KEY_TESTS_PER_MINUTE = 10;

export const settingsModule: AppModule = ({ now, nowMs, keys, provider }) =>
  settingsRoutes({
    settings: createSettingsService({ keys, provider, now }),
    keyTests: new RateLimiter(KEY_TESTS_PER_MINUTE, 60_000, nowMs),
  });
