import type { AppModule } from "../../context.ts";
import { templatesRoutes } from "./templates.routes.ts";
import { createTemplatesService } from "./templates.service.ts";

export const templatesModule: AppModule = ({ db, events, notifier, nowMs }) => {
  const service = createTemplatesService({ db, events, notifier, now: nowMs });
  return async (app) => {
    await service.start();
    await app.register(templatesRoutes(service));
  };
};
