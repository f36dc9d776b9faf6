import type { AppModule } from "../../context.ts";
import { createObjectiveConversionsRepository } from "./objective-conversions.repository.ts";
import { objectiveConversionsRoutes } from "./objective-conversions.routes.ts";
import { createObjectiveConversionsService } from "./objective-conversions.service.ts";

export const objectiveConversionsModule: AppModule = ({ db, analytics, keys, provider, dashboard, log }) =>
  objectiveConversionsRoutes(
    createObjectiveConversionsService({
      conversions: createObjectiveConversionsRepository(db),
      analytics,
      keys,
      provider,
      dashboard,
      log,
    }),
  );
