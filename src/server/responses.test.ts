import type { FastifyReply, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { facultySchema } from "#shared/schemas/auth.ts";
import { buildApp } from "./app.ts";
import { access } from "./lib/access.ts";
import { declaredSuccesses, type RouteEntry, undeclaredAnswerReason } from "./lib/route-catalog.ts";
import { toFaculty } from "./modules/faculty/faculty.presenter.ts";
import { integrationConnectionTable } from "./modules/integrations/integrations.table.ts";
import { facultySettingTable, systemSettingTable } from "./modules/settings/settings.table.ts";
import {
  createConversionViaApi,
  createProjectViaApi,
  createTemplateViaApi,
  insertFaculty,
  signedInFaculty,
} from "./test/factories.ts";
import { createTestApp, type TestApp, testConfig } from "./test/test-app.ts";

/**
 * Answers are part of the contract: every /api route declares the schema of its
 * success answer, the OpenAPI document shows it, and the serialiser sends only what it names.
 */
let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await createTestApp();
});

const routes = () =>
  t.app.routeCatalog.filter(
    (entry) => entry.method !== "HEAD" && undeclaredAnswerReason(entry.method, entry.url) === undefined,
  );

/** The zod schemas of a declared answer: the schema itself, or one per media type of a file. */
function schemasOf(answer: unknown): z.ZodType[] {
  if (answer instanceof z.ZodType) return [answer];
  const content = (answer as { content?: Record<string, { schema: unknown }> }).content ?? {};
  return Object.values(content)
    .map((entry) => entry.schema)
    .filter((schema): schema is z.ZodType => schema instanceof z.ZodType);
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  valueType?: z.ZodType;
}

/**
 * What in a response schema would not describe the answer as sent: objects that refuse or pass
 * through undeclared fields instead of stripping them, and transforms or defaults (which the
 * serialiser cannot run backwards; it would answer 500).
 */
function problemsOf(schema: z.ZodType, path: string): string[] {
  const def = schema._zod.def as unknown as SchemaDef;
  switch (def.type) {
    case "object": {
      const own = def.catchall ? [`${path}: strict or loose object (z.object strips; use it)`] : [];
      const fields = Object.entries(def.shape ?? {}).flatMap(([name, field]) =>
        problemsOf(field, `${path}.${name}`),
      );
      return [...own, ...fields];
    }
    case "array":
      return def.element ? problemsOf(def.element, `${path}[]`) : [];
    case "union":
      return (def.options ?? []).flatMap((option, index) => problemsOf(option, `${path}|${index}`));
    case "optional":
    case "nullable":
    case "readonly":
      return def.innerType ? problemsOf(def.innerType, path) : [];
    case "record":
      return def.valueType ? problemsOf(def.valueType, `${path}{}`) : [];
    case "pipe":
    case "transform":
    case "default":
    case "prefault":
    case "catch":
      return [`${path}: ${def.type} (an answer is described as it is sent)`];
    default:
      return [];
  }
}

describe("response schemas", () => {
  it("are declared by every /api route for its success answer", () => {
    const missing = routes()
      .filter((entry) => declaredSuccesses(entry.schema.response).length === 0)
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(routes().length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it("strip undeclared fields and describe the answer as it is sent", () => {
    const problems = routes().flatMap((entry) =>
      Object.entries(entry.schema.response ?? {}).flatMap(([status, answer]) =>
        schemasOf(answer).flatMap((schema) => problemsOf(schema, `${entry.method} ${entry.url} ${status}`)),
      ),
    );
    expect(problems).toEqual([]);
  });

  it("refuses to build an app with an /api route that declares no answer", async () => {
    const app = await buildApp({ database: t.database, config: testConfig(), logger: false });
    expect(() =>
      app.get("/api/undeclared", { config: { access: access.public() } }, async () => ({ secret: 1 })),
    ).toThrow(/declares no response schema/);
    await app.close();
  });

  it("are listed in the OpenAPI document for every route, with the error answer", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/docs" });
    const paths = reply.json().paths as Record<
      string,
      Record<string, { responses?: Record<string, unknown> }>
    >;
    const missing: string[] = [];
    for (const entry of routes()) {
      const path = entry.url.replace(/:(\w+)/g, "{$1}");
      const responses = paths[path]?.[entry.method.toLowerCase()]?.responses ?? {};
      for (const status of declaredSuccesses(entry.schema.response)) {
        const documented = responses[status] as
          | { content?: Record<string, { schema?: unknown }> }
          | undefined;
        const schemas = Object.values(documented?.content ?? {}).filter((media) => media.schema);
        // A 204 and a redirect have no body: their documentation is their description.
        if (!documented || (status !== "204" && !status.startsWith("3") && schemas.length === 0))
          missing.push(`${entry.method} ${entry.url} ${status}`);
      }
      if (!responses["4XX"]) missing.push(`${entry.method} ${entry.url} 4XX`);
    }
    expect(missing).toEqual([]);
  });
});

describe("the serialiser", () => {
  it("drops a field the route does not declare, such as a password hash a service let through", async () => {
    const row = await insertFaculty(t.database.db);
    const app = await buildApp({ database: t.database, config: testConfig(), logger: false });
    const leaky = async () => ({ ...toFaculty(row), passwordHash: row.passwordHash, reviewedBy: 1 });
    app.get(
      "/api/test/leaky-faculty",
      { config: { access: access.public() }, schema: { response: { 200: facultySchema } } },
      leaky,
    );
    try {
      const reply = await app.inject({ method: "GET", url: "/api/test/leaky-faculty" });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(toFaculty(row));
      expect(reply.body).not.toContain("passwordHash");
      expect(reply.body).not.toContain("$argon2");
      expect(Object.keys(reply.json())).toEqual(Object.keys(facultySchema.shape));
    } finally {
      await app.close();
    }
  });

  it("refuses a success status the route did not declare instead of sending the answer whole", async () => {
    const row = await insertFaculty(t.database.db);
    const app = await buildApp({ database: t.database, config: testConfig(), logger: false });
    app.get(
      "/api/test/wrong-status",
      { config: { access: access.public() }, schema: { response: { 200: facultySchema } } },
      // The types refuse an undeclared status; a reply typed loosely (a hook, a plugin) does not.
      async (_request, reply) =>
        (reply as unknown as FastifyReply)
          .code(201)
          .send({ ...toFaculty(row), passwordHash: row.passwordHash }),
    );
    try {
      const reply = await app.inject({ method: "GET", url: "/api/test/wrong-status" });
      expect(reply.statusCode).toBe(500);
      expect(reply.body).not.toContain("$argon2");
    } finally {
      await app.close();
    }
  });

  it("answers 500 without the data when an answer does not match its schema", async () => {
    const app = await buildApp({ database: t.database, config: testConfig(), logger: false });
    app.get(
      "/api/test/wrong-shape",
      { config: { access: access.public() }, schema: { response: { 200: facultySchema } } },
      // A Date where the contract says ISO text: refused, not sent in another shape.
      async () => ({
        ...toFaculty(await insertFaculty(t.database.db)),
        createdAt: new Date() as unknown as string,
      }),
    );
    try {
      const reply = await app.inject({ method: "GET", url: "/api/test/wrong-shape" });
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toEqual({
        code: "INTERNAL",
        message: "Something went wrong on our side. Please try again.",
      });
    } finally {
      await app.close();
    }
  });
});

describe("secrets in answers", () => {
  const PERSONAL_KEY = "sk-personal-key-for-the-response-scan-0001";
  const SYSTEM_KEY = "sk-system-key-for-the-response-scan-0002";
  const CONNECTION_KEY = "connection-key-for-the-response-scan-0003";

  /** Every answer seen: who asked, what, and the body. */
  const seen: { caller: string; route: string; status: number; body: string }[] = [];

  it("never carry a password hash, a session id, an API key or a sealed key, and the contribution token only to its owner", async () => {
    const owner = await signedInFaculty(t.app, t.database.db, { institution: "Scan University" });
    const stranger = await signedInFaculty(t.app, t.database.db, { institution: "Scan University" });
    const superAdmin = await signedInFaculty(t.app, t.database.db, {
      role: "super_admin",
      institution: "Scan University",
    });
    const callers = { owner, stranger, superAdmin, anonymous: undefined };

    const send = async (caller: keyof typeof callers, route: RouteEntry | string, options: InjectOptions) => {
      const who = callers[caller];
      const reply = await t.app.inject({ ...options, headers: who?.headers ?? {} });
      const name = typeof route === "string" ? route : `${route.method} ${route.url}`;
      seen.push({ caller, route: name, status: reply.statusCode, body: reply.body });
      return reply;
    };

    // The owner's records, each with a secret somewhere behind it.
    const project = await createProjectViaApi(t.app, owner.headers);
    const template = await createTemplateViaApi(t.app, owner.headers);
    await createConversionViaApi(t.app, owner.headers);
    await send("owner", "PUT /api/faculty/:id/api-key", {
      method: "PUT",
      url: `/api/faculty/${owner.faculty.id}/api-key`,
      payload: { apiKey: PERSONAL_KEY },
    });
    await send("superAdmin", "PUT /api/admin/settings/openai-key", {
      method: "PUT",
      url: "/api/admin/settings/openai-key",
      payload: { apiKey: SYSTEM_KEY },
    });
    const connection = await send("owner", "POST /api/integrations/connect", {
      method: "POST",
      url: "/api/integrations/connect",
      payload: { integrationId: "github", parameters: { apiKey: CONNECTION_KEY } },
    });
    expect(connection.statusCode).toBe(201);
    await send("anonymous", "POST /api/public/contributions/:token", {
      method: "POST",
      url: `/api/public/contributions/${project.contributionToken}`,
      payload: { studentName: "Sam", contributionType: "question", content: "What counts as a source here?" },
    });

    // Every GET route, from every caller, with the owner's records in its path.
    const params = (entry: RouteEntry): Record<string, string> => ({
      facultyId: String(owner.faculty.id),
      email: owner.faculty.email,
      token: project.contributionToken,
      projectId: String(project.id),
      connectionId: String(connection.json().id),
      id: String(
        entry.url.startsWith("/api/projects")
          ? project.id
          : entry.url.startsWith("/api/templates")
            ? template.id
            : owner.faculty.id,
      ),
    });
    for (const entry of routes().filter((route) => route.method === "GET")) {
      const values = params(entry);
      const url = entry.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
      for (const caller of Object.keys(callers) as (keyof typeof callers)[]) {
        await send(caller, entry, { method: "GET", url });
      }
    }
    expect(seen.filter((answer) => answer.status === 200).length).toBeGreaterThan(40);

    const sealed = [
      ...(await t.database.db.select().from(facultySettingTable)).map((row) => row.openaiKeySealed),
      ...(await t.database.db.select().from(systemSettingTable)).map((row) => row.valueSealed),
      ...(await t.database.db.select().from(integrationConnectionTable)).map((row) => row.apiKeySealed),
    ].filter((value): value is string => Boolean(value));
    expect(sealed.length).toBeGreaterThanOrEqual(3);

    const secrets = {
      "a password hash": ["passwordHash", "password_hash", "$argon2"],
      "a session id": [owner.sessionId, stranger.sessionId, superAdmin.sessionId],
      "an API key": [PERSONAL_KEY, SYSTEM_KEY, CONNECTION_KEY],
      "a sealed key": sealed,
    };
    const leaks = seen.flatMap((answer) =>
      Object.entries(secrets)
        .filter(([, values]) => values.some((value) => answer.body.includes(value)))
        .map(([what]) => `${answer.caller} ${answer.route} -> ${what}`),
    );
    expect(leaks).toEqual([]);

    // The contribution link's secret: only its owner reads it, on the project calls.
    const tokenSeenBy = seen
      .filter((answer) => answer.body.includes(project.contributionToken))
      .map((answer) => `${answer.caller} ${answer.route}`);
    expect(tokenSeenBy.sort()).toEqual([
      "owner GET /api/projects/:id",
      "owner GET /api/projects/faculty/:facultyId",
    ]);
  });
});
