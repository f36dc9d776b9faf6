import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createGradeSync } from "./grade-sync.ts";
import { createLtiAccounts } from "./lti-accounts.ts";
import { createLtiLinksRepository } from "./lti-links.repository.ts";
import { createLtiServicesRepository } from "./lti-services.repository.ts";
import { ltiServicesRoutes } from "./lti-services.routes.ts";
import { createLtiServicesService } from "./lti-services.service.ts";
import { createRosterSync } from "./roster-sync.ts";
import { createServiceTokens } from "./service-token.ts";
import type { ToolKeys } from "./tool-keys.ts";

/** The daily roster sync and grades of every project linked to an LMS course. */
export const LTI_ROSTER_QUEUE = "lti.roster-sync";
export const LTI_GRADES_QUEUE = "lti.grades";
const DAY_SECONDS = 24 * 60 * 60;

/**
 * The lti module's LTI Advantage part (lti.module.ts): a project's links, roster sync (NRPS) and
 * grades (AGS) with service tokens signed by the tool's keys, and their daily jobs.
 */
export function ltiServicesPart(context: AppContext, keys: ToolKeys): FastifyPluginAsyncZod {
  const { db, now, log, jobs, lmsEnrolments: enrolments } = context;
  const links = createLtiLinksRepository(db);
  const services = createLtiServicesRepository(db);
  const tokens = createServiceTokens({ keys });
  const accounts = createLtiAccounts({ db, accounts: context.accounts, now, log });
  const service = createLtiServicesService({
    projects: context.projects,
    links,
    services,
    enrolments,
    rosterSync: createRosterSync({ links, tokens, accounts, enrolments, now }),
    gradeSync: createGradeSync({ links, services, tokens, enrolments, mastery: context.projectMastery, now }),
    log,
  });
  jobs.every(LTI_ROSTER_QUEUE, DAY_SECONDS, () => service.syncEveryRoster());
  jobs.every(LTI_GRADES_QUEUE, DAY_SECONDS, () => service.sendEveryGrade());
  return ltiServicesRoutes(service);
}
