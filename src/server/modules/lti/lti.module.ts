import type { AppModule } from "../../context.ts";
import { createLtiRepository } from "./lti.repository.ts";
import { ltiRoutes } from "./lti.routes.ts";
import { createLtiPlatformsService, toolAddresses } from "./lti.service.ts";
import { createToolKeys } from "./tool-keys.ts";

/** The LMS bridge (LTI 1.3), tool side: so far the tool's keys and the platforms registered by hand. */
export const ltiModule: AppModule = ({ db, box, now, config }) =>
  ltiRoutes({
    keys: createToolKeys({ db, box, now }),
    platforms: createLtiPlatformsService({ platforms: createLtiRepository(db) }),
    tool: toolAddresses(config),
  });
