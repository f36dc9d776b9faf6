import type { AppModule } from "../../context.ts";
import { createLtiRepository } from "./lti.repository.ts";
import { ltiRoutes } from "./lti.routes.ts";
import { createLtiPlatformsService, toolAddresses } from "./lti.service.ts";
import { createLtiRegistrationRepository } from "./lti-registration.repository.ts";
import { ltiRegistrationRoutes } from "./lti-registration.routes.ts";
import { createLtiRegistrationService } from "./lti-registration.service.ts";
import { createToolKeys } from "./tool-keys.ts";

/**
 * The LMS bridge (LTI 1.3), tool side: so far the tool's keys, the platforms registered by hand,
 * and dynamic registration by invitation.
 */
export const ltiModule: AppModule = ({ db, box, now, config, log }) => {
  const tool = toolAddresses(config);
  const routes = ltiRoutes({
    keys: createToolKeys({ db, box, now }),
    platforms: createLtiPlatformsService({ platforms: createLtiRepository(db) }),
    tool,
  });
  const registration = ltiRegistrationRoutes(
    createLtiRegistrationService({
      invitations: createLtiRegistrationRepository(db),
      tool,
      config,
      now,
      log,
    }),
  );
  return async (app) => {
    await app.register(routes);
    await app.register(registration);
  };
};
