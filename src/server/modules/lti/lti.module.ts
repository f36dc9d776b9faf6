import type { AppModule } from "../../context.ts";
import { createLtiRepository } from "./lti.repository.ts";
import { ltiRoutes } from "./lti.routes.ts";
import { createLtiPlatformsService, toolAddresses } from "./lti.service.ts";
import { ltiServicesPart } from "./lti-services.module.ts";
import { createToolKeys } from "./tool-keys.ts";

/** The LMS bridge (LTI 1.3), tool side: the tool's keys, the platforms, rosters and grades. */
export const ltiModule: AppModule = (context) => {
  const { db, box, now, config } = context;
  const keys = createToolKeys({ db, box, now });
  const services = ltiServicesPart(context, keys);
  const routes = ltiRoutes({
    keys,
    platforms: createLtiPlatformsService({ platforms: createLtiRepository(db) }),
    tool: toolAddresses(config),
  });
  return async (app, options) => {
    await routes(app, options);
    await services(app, options);
  };
};
