import fs from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import pino from "pino";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { access, enforceAccess, type RouteAccess } from "./lib/access.ts";
import { resolveAppSecret } from "./lib/app-secret.ts";
import { handleError } from "./lib/error-handler.ts";
import { parseJsonBody } from "./lib/json-body.ts";
import { RateLimiter } from "./lib/rate-limiter.ts";
import { SecretBox } from "./lib/secret-box.ts";
import { adminUsersRoutes } from "./modules/admin-users/admin-users.routes.ts";
import { createAdminUsersService } from "./modules/admin-users/admin-users.service.ts";
import { createAiProvider } from "./modules/ai/ai-provider.ts";
import { analyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import { createAnalyticsService } from "./modules/analytics/analytics.service.ts";
import { authRoutes, SESSION_COOKIE } from "./modules/auth/auth.routes.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createSessionRepository } from "./modules/auth/session.repository.ts";
import { SessionStore } from "./modules/auth/session.store.ts";
import { createContributionsRepository } from "./modules/contributions/contributions.repository.ts";
import { contributionsRoutes } from "./modules/contributions/contributions.routes.ts";
import { createContributionsService } from "./modules/contributions/contributions.service.ts";
import { createDashboardRepository } from "./modules/dashboard/dashboard.repository.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { createDashboardService } from "./modules/dashboard/dashboard.service.ts";
import { createFacultyRepository } from "./modules/faculty/faculty.repository.ts";
import { facultyRoutes } from "./modules/faculty/faculty.routes.ts";
import { createFacultyService } from "./modules/faculty/faculty.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { createIntegrationsRepository } from "./modules/integrations/integrations.repository.ts";
import { integrationsRoutes } from "./modules/integrations/integrations.routes.ts";
import { createIntegrationsService } from "./modules/integrations/integrations.service.ts";
import { createObjectiveConversionsRepository } from "./modules/objective-conversions/objective-conversions.repository.ts";
import { objectiveConversionsRoutes } from "./modules/objective-conversions/objective-conversions.routes.ts";
import { createObjectiveConversionsService } from "./modules/objective-conversions/objective-conversions.service.ts";
import { createProjectsRepository } from "./modules/projects/projects.repository.ts";
import { projectsRoutes } from "./modules/projects/projects.routes.ts";
import { createProjectsService } from "./modules/projects/projects.service.ts";
import { createApiKeyStore } from "./modules/settings/api-keys.ts";
import { createSettingsRepository } from "./modules/settings/settings.repository.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { createTemplatesRepository } from "./modules/templates/templates.repository.ts";
import { templatesRoutes } from "./modules/templates/templates.routes.ts";
import { createTemplatesService } from "./modules/templates/templates.service.ts";

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: AppConfig;
  /** The clock sessions are checked against; tests move it. */
  now?: () => Date;
  logger?: boolean;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's declared request schemas (zod), which the generated bad-input test reads. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its declared access rule, in registration order. */
    routeCatalog: RouteEntry[];
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** TRUST_PROXY as Fastify takes it: a hop count as the function Fastify builds from one (its types take no number). */
const trustProxyOption = (value: AppConfig["trustProxy"]) =>
  typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
/** Each key test is a call to the AI provider; a person needs a handful, not hundreds. */
const KEY_TESTS_PER_MINUTE = 10;

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
    // Behind a TLS proxy, request.ip and request.protocol come from X-Forwarded-For/-Proto.
    trustProxy: trustProxyOption(config.trustProxy),
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  const routeCatalog: RouteEntry[] = [];
  app.decorate("routeCatalog", routeCatalog);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const rule = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!rule) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const { params, querystring, body } = route.schema ?? {};
    const schema = { params, querystring, body };
    for (const method of [route.method].flat())
      routeCatalog.push({ method, url: route.url, access: rule, schema });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Pivot & Launch API", version: "1" } },
    transform: jsonSchemaTransform,
  });

  const { db } = database;
  const facultyRepository = createFacultyRepository(db);
  const sessions = new SessionStore(
    createSessionRepository(db),
    facultyRepository,
    database.notifier,
    config.session,
    now,
  );
  await sessions.start();
  const analytics = createAnalyticsService(db);
  const nowMs = () => now().getTime();
  const conversions = createObjectiveConversionsRepository(db);
  const dashboardRepository = createDashboardRepository(db);
  const dashboard = createDashboardService({ conversions, dashboard: dashboardRepository, now: nowMs });
  const limiters = {
    perAddress: new RateLimiter(config.rateLimit.perAddressPerMinute, 60_000, nowMs),
    failedPerAccountAndAddress: new RateLimiter(
      config.rateLimit.failedSignInsPerAccount,
      config.rateLimit.accountWindowMs,
      nowMs,
    ),
    failedPerAddress: new RateLimiter(
      config.rateLimit.failedSignInsPerAddress,
      config.rateLimit.accountWindowMs,
      nowMs,
    ),
  };

  // One JSON line a request (ARCHITECTURE: logs), with its request id.
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });

  // An API answer is about one person at one moment: no cache, shared or private, keeps it.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api") && !reply.hasHeader("cache-control")) {
      reply.header("Cache-Control", "no-store");
    }
  });

  app.decorateRequest("caller", null);
  app.decorateRequest("sessionHash", null);
  // Who is calling, then whether they may: before body validation, so a stranger learns nothing.
  app.addHook("onRequest", async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    const bearer = BEARER.exec(request.headers.authorization ?? "")?.[1];
    // The cookie exists for downloads opened in a new tab; alone it authorises only reads.
    const readOnly = request.method === "GET" || request.method === "HEAD";
    const sessionId = bearer ?? (readOnly ? request.cookies[SESSION_COOKIE] : undefined);
    if (sessionId) {
      const resolved = await sessions.resolve(sessionId);
      if (resolved) {
        const { faculty } = resolved;
        request.caller = { id: faculty.id, email: faculty.email, role: faculty.role, faculty };
        request.sessionHash = resolved.idHash;
      }
    }
    enforceAccess(rule, request.caller, request);
  });

  await app.register(healthRoutes(db));
  await app.register(
    authRoutes(
      createAuthService({ faculty: facultyRepository, sessions, dashboard }),
      limiters,
      config.session,
    ),
  );
  await app.register(facultyRoutes(createFacultyService({ faculty: facultyRepository, sessions })));
  await app.register(adminUsersRoutes(createAdminUsersService({ faculty: facultyRepository, sessions })));
  await app.register(analyticsRoutes(analytics));
  const templatesRepository = createTemplatesRepository(db);
  await app.register(templatesRoutes(createTemplatesService({ templates: templatesRepository, analytics })));
  const projects = createProjectsRepository(db);
  await app.register(
    projectsRoutes(createProjectsService({ projects, templates: templatesRepository, analytics, dashboard })),
  );
  const contributions = createContributionsService({
    contributions: createContributionsRepository(db),
    projects,
    analytics,
    dashboard,
  });
  await app.register(
    contributionsRoutes(contributions, {
      contributions: new RateLimiter(config.rateLimit.contributionsPerMinute, 60_000, nowMs),
      linkLookups: new RateLimiter(config.rateLimit.linkLookupsPerMinute, 60_000, nowMs),
    }),
  );
  const box = new SecretBox(resolveAppSecret(config.appSecret, config.appSecretFile));
  const keys = createApiKeyStore({
    settings: createSettingsRepository(db),
    box,
    environmentKey: config.openai.apiKey,
  });
  await app.register(
    integrationsRoutes(createIntegrationsService({ integrations: createIntegrationsRepository(db), box })),
  );
  const provider = createAiProvider(config.openai);
  await app.register(
    settingsRoutes({ keys, provider, keyTests: new RateLimiter(KEY_TESTS_PER_MINUTE, 60_000, nowMs) }),
  );
  await app.register(
    objectiveConversionsRoutes(
      createObjectiveConversionsService({
        conversions,
        analytics,
        keys,
        provider,
        dashboard,
        log: app.log,
      }),
    ),
  );
  await app.register(dashboardRoutes({ dashboard, repository: dashboardRepository, conversions, now }));
  app.get("/api/docs", { config: { access: access.public() }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerClient(app, config.clientDir);
  return app;
}

/** Serves the built client, with index.html for every non-API path (client-side routes). */
async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, "index.html");
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header(
          "Cache-Control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === "GET" &&
      !request.url.startsWith("/api") &&
      !path.extname(request.url.split("?")[0] ?? "");
    if (hasClient && isPage) return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    return reply
      .code(404)
      .send({ code: "NOT_FOUND", message: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
