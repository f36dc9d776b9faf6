import type { AppModule } from "../../context.ts";
import { objectiveConversionsRoutes } from "./objective-conversions.routes.ts";
import { createObjectiveConversionsService } from "./objective-conversions.service.ts";

export const objectiveConversionsModule: AppModule = ({ db, events, keys, provider, log }) =>
  objectiveConversionsRoutes(createObjectiveConversionsService({ db, events, keys, provider, log }));
