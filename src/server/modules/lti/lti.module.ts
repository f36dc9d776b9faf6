import type { AppModule } from "../../context.ts";
import { createLtiRepository } from "./lti.repository.ts";
import { ltiRoutes } from "./lti.routes.ts";
import { createLtiPlatformsService, toolAddresses } from "./lti.service.ts";
import { createLtiAccounts } from "./lti-accounts.ts";
import { createLtiLaunchRepository } from "./lti-launch.repository.ts";
import { ltiLaunchRoutes } from "./lti-launch.routes.ts";
import { createLtiLaunchService } from "./lti-launch.service.ts";
import { createLtiLinksRepository } from "./lti-links.repository.ts";
import { createLtiRegistrationRepository } from "./lti-registration.repository.ts";
import { ltiRegistrationRoutes } from "./lti-registration.routes.ts";
import { createLtiRegistrationService } from "./lti-registration.service.ts";
import { ltiServicesPart } from "./lti-services.module.ts";
import { createPlatformKeysets } from "./platform-keysets.ts";
import { createToolKeys } from "./tool-keys.ts";

/** The LMS bridge (LTI 1.3), tool side: keys, platforms, launches, deep linking, rosters and grades. */
export const ltiModule: AppModule = (context) => {
  const { db, box, now, config, accounts, sessions, lmsEnrolments, projects, limits, log } = context;
  const platforms = createLtiRepository(db);
  const keys = createToolKeys({ db, box, now });
  const tool = toolAddresses(config);
  const launches = createLtiLaunchService({
    platforms,
    launches: createLtiLaunchRepository(db),
    links: createLtiLinksRepository(db),
    people: createLtiAccounts({ db, accounts, now, log }),
    accounts,
    sessions,
    enrolments: lmsEnrolments,
    projects,
    keysets: createPlatformKeysets(),
    keys,
    box,
    tool,
    now,
    log,
  });
  const admin = ltiRoutes({ keys, platforms: createLtiPlatformsService({ platforms }), tool });
  const launch = ltiLaunchRoutes({
    launches,
    perAddress: limits.limiter("lti-address", {
      limit: config.rateLimit.perAddressPerMinute,
      windowMs: 60_000,
    }),
    session: config.session,
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
  const services = ltiServicesPart(context, keys);
  return async (app) => {
    await app.register(admin);
    await app.register(launch);
    await app.register(registration);
    await app.register(services);
  };
};
