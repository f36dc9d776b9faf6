import type { AppModule } from "../../context.ts";
import { settingsRoutes } from "./settings.routes.ts";
import { createSettingsService } from "./settings.service.ts";

/** Each key test is a call to the AI provider; a person needs a handful, not hundreds. */
const KEY_TESTS_PER_MINUTE = 10;

export const settingsModule: AppModule = ({ now, limits, keys, provider }) =>
  settingsRoutes({
    settings: createSettingsService({ keys, provider, now }),
    keyTests: limits.limiter("ai-key-tests", { limit: KEY_TESTS_PER_MINUTE, windowMs: 60_000 }),
  });
