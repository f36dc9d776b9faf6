import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.ts";
import type { Database, DatabaseHandle, Notifier } from "./db/client.ts";
import { resolveAppSecret } from "./lib/app-secret.ts";
import { DomainEvents } from "./lib/domain-events.ts";
import { createReadiness, type Readiness } from "./lib/readiness.ts";
import { SecretBox } from "./lib/secret-box.ts";
import { type AnalyticsService, createAnalyticsService } from "./modules/analytics/analytics.service.ts";
import { createPasswordResetLinks, type PasswordResetLinks } from "./modules/auth/password-reset.service.ts";
import { createSessionRepository } from "./modules/auth/session.repository.ts";
import { SessionStore } from "./modules/auth/session.store.ts";
import { createCognitiveLoadRepository } from "./modules/cognitive-load/cognitive-load.repository.ts";
import {
  type CognitiveLoadService,
  createCognitiveLoadService,
} from "./modules/cognitive-load/cognitive-load.service.ts";
import { createContributionsRepository } from "./modules/contributions/contributions.repository.ts";
import {
  type ContributionsService,
  createContributionsService,
} from "./modules/contributions/contributions.service.ts";
import { createDashboardService, type DashboardService } from "./modules/dashboard/dashboard.service.ts";
import {
  createLmsEnrolments,
  createStudentEnrolments,
  type LmsEnrolments,
  type StudentEnrolments,
} from "./modules/enrolment/enrolment.service.ts";
import { createFacultyAccounts, type FacultyAccounts } from "./modules/faculty/faculty.service.ts";
import {
  createSignInRules,
  type SignInRules,
} from "./modules/identity-providers/identity-providers.service.ts";
import { createMilestoneLookup, type MilestoneLookup } from "./modules/milestones/milestones.service.ts";
import {
  createNotifier,
  type Notifier as NotificationNotifier,
} from "./modules/notifications/notifications.service.ts";
import { UnsubscribeSigner } from "./modules/notifications/unsubscribe-signer.ts";
import { createConversionStats } from "./modules/objective-conversions/objective-conversions.service.ts";
import { createLaunchGate, type LaunchGate } from "./modules/pacing/launch-readiness.service.ts";
import { createPacingOptions, type PacingOptionsStore } from "./modules/pacing/pacing-options.ts";
import {
  createPivotAssetsService,
  type PivotAssetsService,
} from "./modules/pivot-assets/pivot-assets.service.ts";
import {
  createSchedulingService,
  type SchedulingService,
} from "./modules/pivot-assets/scheduling.service.ts";
import { createProjectAccess, type ProjectAccess } from "./modules/projects/projects.service.ts";
import {
  createSchedulingParameters,
  type SchedulingParameters,
} from "./modules/scheduling-fit/scheduling-fit.service.ts";
import { type ApiKeyStore, createApiKeyStore } from "./modules/settings/api-keys.ts";
import { createSettingsRepository } from "./modules/settings/settings.repository.ts";
import {
  createProjectMastery,
  createStudentDueCounts,
  type ProjectMastery,
  type StudentDueCounts,
} from "./modules/student-practice/student-practice.service.ts";
import { createPeerAdjustments, type PeerAdjustments } from "./modules/teams/peer-adjustments.ts";
import { createTeamMembership, type TeamMemberships } from "./modules/teams/teams.service.ts";
import { createTemplateLookup, type TemplateLookup } from "./modules/templates/templates.service.ts";
import { UploadSigner } from "./modules/uploads/upload-signer.ts";
import { createUploadsRepository } from "./modules/uploads/uploads.repository.ts";
import { createUploadsService, type UploadsService } from "./modules/uploads/uploads.service.ts";
import { type AiProvider, createAiProvider } from "./platform/ai/ai-provider.ts";
import { createJobQueue, type JobQueue } from "./platform/jobs/jobs.ts";
import { createMailRepository } from "./platform/mail/mail.repository.ts";
import { registerMailSender } from "./platform/mail/mail-sender.ts";
import { createMailer, type Mailer } from "./platform/mail/mailer.ts";
import { type RateLimits, rateLimitsFor } from "./platform/rate-limits/rate-limiter.ts";
import { createObjectStore, type ObjectStore } from "./platform/storage/index.ts";
import { createDashboardReadModel } from "./read-models/dashboard.read-model.ts";
import { subscribe } from "./subscriptions.ts";

/**
 * What every module is built from: the database, the configuration, the clock, the log, and the
 * platform services several modules share (sessions, the analytics store, the dashboard figures,
 * sealed AI keys, the AI provider). A module takes what it needs and builds the rest itself.
 */
export interface AppContext {
  db: Database;
  /** Tells every instance of the server about a change (in process on PGlite; LISTEN/NOTIFY on PostgreSQL). */
  notifier: Notifier;
  config: AppConfig;
  now: () => Date;
  /** `now` in milliseconds, for caches. */
  nowMs: () => number;
  /** The rate limiters: shared by every instance through PostgreSQL, in this process's memory on PGlite. */
  limits: RateLimits;
  log: FastifyBaseLogger;
  sessions: SessionStore;
  /** What other modules do with faculty accounts (faculty.service.ts). */
  accounts: FacultyAccounts;
  /** Whether an institution still lets its members sign in with a password (identity providers). */
  signInRules: SignInRules;
  /** A readable project, a contribution link's project, join codes (projects.service.ts). */
  projects: ProjectAccess;
  /** A readable template, for a project made from it (templates.service.ts). */
  templates: TemplateLookup;
  /** A student's enrolments (enrolment.service.ts). */
  enrolments: StudentEnrolments;
  /** A project's enrolments as the LMS's roster sync and grades change and read them (enrolment.service.ts). */
  lmsEnrolments: LmsEnrolments;
  /** A milestone's project, title and due date (milestones.service.ts), for peer evaluation. */
  milestones: MilestoneLookup;
  /** A student's published team and a project's teams (teams.service.ts), for team submissions. */
  teamMembership: TeamMemberships;
  /** Team members' factors and overrides from peer evaluation (peer-evaluation.service.ts), for scores. */
  peerAdjustments: PeerAdjustments;
  /** A project's pacing switches (pacing-options.ts): fitted scheduling, readiness, suggestions. */
  pacingOptions: PacingOptionsStore;
  /** Whether a launch milestone's hand-in waits for a student's readiness (launch-readiness.service.ts). */
  launchGate: LaunchGate;
  /** The FSRS parameters a project's class is scheduled with (scheduling-fit.service.ts). */
  schedulingParameters: SchedulingParameters;
  /** Contributions: one insert path for the public link and for signed-in students. */
  contributions: ContributionsService;
  /** Cognitive-load check-ins: one insert path for the public link and for signed-in students. */
  checkIns: CognitiveLoadService;
  analytics: AnalyticsService;
  dashboard: DashboardService;
  /** Domain events: writing services publish, subscriptions.ts subscribes. */
  events: DomainEvents;
  box: SecretBox;
  keys: ApiKeyStore;
  provider: AiProvider;
  /** Uploaded files: DATA_DIR/objects or the S3 bucket. */
  objects: ObjectStore;
  /** The signed upload flow every feature that takes files uses. */
  uploads: UploadsService;
  /** Background jobs in the database (platform/jobs/jobs.ts): modules call `work` as they register; started once the app is ready. */
  jobs: JobQueue;
  /** Outgoing mail (platform/mail): written to the outbox, sent by a job when SMTP_URL is set. */
  mail: Mailer;
  /** Password-reset links: by e-mail (auth) or made by an administrator (admin-users). */
  resetLinks: PasswordResetLinks;
  /** Whether this process takes new work: false once a shutdown began (GET /api/health/ready). */
  readiness: Readiness;
  /** Retrieval scheduling (FSRS): the instructor's and the students' due lists and reviews. */
  scheduling: SchedulingService;
  /** Notices for a person's bell, from other modules' events (subscriptions.ts); off means none. */
  notifications: NotificationNotifier;
  /** Signs and checks one-click unsubscribe links (a key derived from the app secret). */
  unsubscribeSigner: UnsubscribeSigner;
  /** Each student's due practice count (student-practice), for the morning reminder. */
  dueCounts: StudentDueCounts;
  /** A student's mastery of a project as their practice shows it (student-practice), for LMS grades. */
  projectMastery: ProjectMastery;
  /** Pivot Assets: an instructor's cards, examples, items and reviews (the toolkit lists the cards). */
  pivotAssets: PivotAssetsService;
}

/** A module: builds its repository and service from the context and answers its routes. */
export type AppModule = (context: AppContext) => FastifyPluginAsyncZod;

export async function createAppContext(options: {
  database: DatabaseHandle;
  config: AppConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<AppContext> {
  const { database, config, now, log } = options;
  const { db } = database;
  const nowMs = () => now().getTime();
  const accounts = createFacultyAccounts(db);
  const projects = createProjectAccess(db);
  const milestones = createMilestoneLookup(db);
  const pacingOptions = createPacingOptions(db, milestones);
  const schedulingParameters = createSchedulingParameters(db, pacingOptions);
  const sessions = new SessionStore(
    createSessionRepository(db),
    accounts,
    database.notifier,
    config.session,
    now,
  );
  await sessions.start();
  const appSecret = resolveAppSecret(config.appSecret, config.appSecretFile);
  const box = new SecretBox(appSecret);
  const objects = await createObjectStore(config.storage);
  const analytics = createAnalyticsService(db, now);
  const dashboard = createDashboardService({
    conversions: createConversionStats(db),
    dashboard: createDashboardReadModel(db),
    notifier: database.notifier,
    now: nowMs,
  });
  await dashboard.start();
  const events = new DomainEvents();
  const notifications = createNotifier({ now });
  subscribe(events, { analytics, dashboard, notifications });
  const checkIns = createCognitiveLoadService({ checkIns: createCognitiveLoadRepository(db), projects, now });
  const keys = createApiKeyStore({
    settings: createSettingsRepository(db),
    box,
    environmentKey: config.openai.apiKey,
  });
  const provider = createAiProvider(config.openai);
  const scheduling = createSchedulingService({ now });
  const jobs = createJobQueue({
    database,
    ...config.jobs,
    onError: (error) => log.error({ err: error }, "background job queue error"),
  });
  const mailMessages = createMailRepository(db);
  if (config.mail) {
    const { retryDelaySeconds } = config.jobs;
    registerMailSender({ jobs, mail: mailMessages, smtp: config.mail, retryDelaySeconds, now, log });
  } else {
    log.info("mail: SMTP_URL and MAIL_FROM are not set; messages stay in the outbox (Administration → Mail)");
  }
  return {
    db,
    notifier: database.notifier,
    config,
    now,
    nowMs,
    limits: rateLimitsFor(database),
    log,
    sessions,
    accounts,
    signInRules: createSignInRules(db),
    projects,
    templates: createTemplateLookup(db),
    enrolments: createStudentEnrolments(db),
    lmsEnrolments: createLmsEnrolments(db),
    milestones,
    teamMembership: createTeamMembership(db),
    peerAdjustments: createPeerAdjustments(db),
    pacingOptions,
    launchGate: createLaunchGate(db, pacingOptions, schedulingParameters),
    schedulingParameters,
    contributions: createContributionsService({
      contributions: createContributionsRepository(db),
      projects,
      db,
      events,
    }),
    checkIns,
    analytics,
    dashboard,
    events,
    box,
    keys,
    provider,
    objects,
    uploads: createUploadsService({
      uploads: createUploadsRepository(db),
      objects,
      signer: new UploadSigner(appSecret),
      now,
      publicUrl: config.publicUrl,
    }),
    readiness: createReadiness(),
    scheduling,
    pivotAssets: createPivotAssetsService({ db, now, keys, provider, log, scheduling, projects, checkIns }),
    notifications,
    unsubscribeSigner: new UnsubscribeSigner(appSecret),
    dueCounts: createStudentDueCounts({ db, now, scheduling }),
    projectMastery: createProjectMastery({ db, now, scheduling }),
    jobs,
    mail: createMailer({ mail: mailMessages, jobs, configured: config.mail !== undefined, now, log }),
    resetLinks: createPasswordResetLinks({ db, config, now }),
  };
}
