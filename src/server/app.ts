import Fastify, { type FastifyBaseLogger, LogController } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import pino from "pino";
import type { AppConfig } from "./config.ts";
import { type AppModule, createAppContext } from "./context.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { access } from "./lib/access.ts";
import { registerClient } from "./lib/client-files.ts";
import { registerHttpBasics, schemaController } from "./lib/http-basics.ts";
import { registerRouteCatalog } from "./lib/route-catalog.ts";
import { adminUsersModule } from "./modules/admin-users/admin-users.module.ts";
import { analyticsModule } from "./modules/analytics/analytics.module.ts";
import { authModule } from "./modules/auth/auth.module.ts";
import { registerSessionCheck } from "./modules/auth/session-check.ts";
import { classFiguresModule } from "./modules/class-figures/class-figures.module.ts";
import { cognitiveLoadModule } from "./modules/cognitive-load/cognitive-load.module.ts";
import { contributionsModule } from "./modules/contributions/contributions.module.ts";
import { dashboardModule } from "./modules/dashboard/dashboard.module.ts";
import { documentsModule } from "./modules/documents/documents.module.ts";
import { enrolmentModule } from "./modules/enrolment/enrolment.module.ts";
import { exportsModule } from "./modules/exports/exports.module.ts";
import { facultyModule } from "./modules/faculty/faculty.module.ts";
import { healthModule } from "./modules/health/health.module.ts";
import { identityProvidersModule } from "./modules/identity-providers/identity-providers.module.ts";
import { integrationsModule } from "./modules/integrations/integrations.module.ts";
import { knowledgeBaseModule } from "./modules/knowledge-base/knowledge-base.module.ts";
import { ltiModule } from "./modules/lti/lti.module.ts";
import { mailModule } from "./modules/mail/mail.module.ts";
import { milestonesModule } from "./modules/milestones/milestones.module.ts";
import { notificationsModule } from "./modules/notifications/notifications.module.ts";
import { objectiveConversionsModule } from "./modules/objective-conversions/objective-conversions.module.ts";
import { pacingModule } from "./modules/pacing/pacing.module.ts";
import { pivotAssetsModule } from "./modules/pivot-assets/pivot-assets.module.ts";
import { projectsModule } from "./modules/projects/projects.module.ts";
import { schedulingFitModule } from "./modules/scheduling-fit/scheduling-fit.module.ts";
import { settingsModule } from "./modules/settings/settings.module.ts";
import { studentDataModule } from "./modules/student-data/student-data.module.ts";
import { studentPracticeModule } from "./modules/student-practice/student-practice.module.ts";
import { teamsModule } from "./modules/teams/teams.module.ts";
import { templatesModule } from "./modules/templates/templates.module.ts";
import { toolkitModule } from "./modules/toolkit/toolkit.module.ts";
import { uploadsModule } from "./modules/uploads/uploads.module.ts";

/** How long after the app is ready its job queue starts (see the onReady hook). */
const JOBS_START_DELAY_MS = 1000;
/** The database's upkeep, once every 6 hours whatever the number of instances. */
export const DATABASE_MAINTENANCE_QUEUE = "database.maintenance";
const DATABASE_MAINTENANCE_SECONDS = 6 * 60 * 60;

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: AppConfig;
  /** The clock sessions are checked against; tests move it. */
  now?: () => Date;
  logger?: boolean;
}

/** Every module of the API, in registration order. A new module is one more line here. */
const MODULES: readonly AppModule[] = [
  healthModule,
  authModule,
  identityProvidersModule,
  facultyModule,
  adminUsersModule,
  analyticsModule,
  templatesModule,
  projectsModule,
  contributionsModule,
  integrationsModule,
  settingsModule,
  objectiveConversionsModule,
  dashboardModule,
  exportsModule,
  uploadsModule,
  documentsModule,
  pivotAssetsModule,
  knowledgeBaseModule,
  toolkitModule,
  cognitiveLoadModule,
  enrolmentModule,
  studentDataModule,
  studentPracticeModule,
  classFiguresModule,
  mailModule,
  notificationsModule,
  ltiModule,
  milestonesModule,
  teamsModule,
  pacingModule,
  schedulingFitModule,
];

/** TRUST_PROXY as Fastify takes it: a hop count as the function Fastify builds from one (its types take no number). */
const trustProxyOption = (value: AppConfig["trustProxy"]) =>
  typeof value === "number" ? (_address: string, hop: number) => hop < value : value;

export async function buildApp({ database, config, now = () => new Date(), logger = true }: BuildAppOptions) {
  const app = Fastify({
    // Asynchronous writes: a synchronous write per request line cost a fifth of the throughput.
    ...(logger
      ? {
          loggerInstance: pino(
            { level: config.logLevel },
            pino.destination({ dest: 1, sync: false }),
          ) as FastifyBaseLogger,
        }
      : { logger: false }),
    bodyLimit: 1024 * 1024,
    // On close (a shutdown's drain): idle keep-alive connections are closed at once, requests in
    // flight finish, and a new request on a connection still open is answered 503.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // Behind a TLS proxy, request.ip and request.protocol come from X-Forwarded-For/-Proto.
    trustProxy: trustProxyOption(config.trustProxy),
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
    schemaController,
  }).withTypeProvider<ZodTypeProvider>();

  registerRouteCatalog(app);
  await registerHttpBasics(app, { lmsOrigins: config.lmsOrigins });
  const context = await createAppContext({ database, config, now, log: app.log });
  registerSessionCheck(app, context.sessions);
  // Jobs start a moment after the app is ready, so that loading pg-boss (and pg) does not hold up
  // the first answers (start-up; a send() before then starts them at once), and stop
  // before the database closes: running handlers get a grace period, then their jobs are failed
  // and retried after the next start.
  app.decorate("jobs", context.jobs);
  // PGlite never autovacuums; on a server, autovacuum does this and ANALYZE is only a refresh.
  context.jobs.every(DATABASE_MAINTENANCE_QUEUE, DATABASE_MAINTENANCE_SECONDS, () =>
    database.vacuumAnalyze(),
  );
  app.decorate("readiness", context.readiness);
  // An answer sent during a shutdown's drain closes its connection: a client (a load balancer)
  // keeping it alive would otherwise hold the drain open until the shutdown timeout.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (context.readiness.shuttingDown) reply.header("connection", "close");
    done(null, payload);
  });
  let startingJobs: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    startingJobs = setTimeout(() => {
      context.jobs.start().catch((error) => app.log.error({ err: error }, "the job queue did not start"));
    }, JOBS_START_DELAY_MS);
    startingJobs.unref();
  });
  app.addHook("onClose", async () => {
    clearTimeout(startingJobs);
    await context.jobs.stop();
    await context.objects.close();
  });

  for (const module of MODULES) await app.register(module(context));
  app.get("/api/docs", { config: { access: access.public() }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerClient(app, config.clientDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
