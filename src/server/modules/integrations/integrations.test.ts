import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTEGRATION_MESSAGES } from "#shared/domain/integrations.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInFaculty>>;
let instructor: Who;
let admin: Who;
let superAdmin: Who;
let elsewhereAdmin: Who;
let colleague: Who;

beforeAll(async () => {
  t = await createTestApp();
  const institution = "State University";
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin", institution });
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: " state university " });
  instructor = await signedInFaculty(t.app, t.database.db, { institution });
  colleague = await signedInFaculty(t.app, t.database.db, { institution });
  elsewhereAdmin = await signedInFaculty(t.app, t.database.db, {
    role: "admin",
    institution: "Other College",
  });
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const list = async (who: Who) =>
  (await inject({ method: "GET", url: "/api/integrations", headers: who.headers })).json();
const connect = (who: Who, payload: Record<string, unknown>) =>
  inject({ method: "POST", url: "/api/integrations/connect", headers: who.headers, payload });
const configure = (who: Who, id: number, parameters: Record<string, unknown>) =>
  inject({
    method: "PUT",
    url: `/api/integrations/${id}/configure`,
    headers: who.headers,
    payload: { parameters },
  });
const disconnect = (who: Who, id: number) =>
  inject({ method: "DELETE", url: `/api/integrations/${id}`, headers: who.headers });

describe("integrations", () => {
  it("lets an instructor connect a non-enterprise integration personally, once", async () => {
    const created = await connect(instructor, {
      integrationId: "copilot",
      integrationName: "whatever the client says",
      integrationType: "knowledge",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      integrationId: "copilot",
      integrationName: "Microsoft 365 Copilot",
      isAdminManaged: false,
      hasApiKey: false,
    });
    expect((await connect(instructor, { integrationId: "copilot" })).statusCode).toBe(409);
    const mine = await list(instructor);
    expect(mine.userRole).toBe("instructor");
    expect(mine.userConnections.map((c: { integrationId: string }) => c.integrationId)).toEqual(["copilot"]);
    expect((await list(colleague)).userConnections).toEqual([]);
  });

  it("refuses an instructor an admin connection, and an enterprise one until an admin connects it", async () => {
    const shared = await connect(instructor, { integrationId: "canvas", isAdminManaged: true });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().message).toBe(INTEGRATION_MESSAGES.adminOnlyCreate);
    const enterprise = await connect(instructor, { integrationId: "notebooklm" });
    expect(enterprise.statusCode).toBe(403);
    expect(enterprise.json().message).toBe(INTEGRATION_MESSAGES.needsAdmin);

    const adminConnection = await connect(admin, { integrationId: "notebooklm", isAdminManaged: true });
    expect(adminConnection.statusCode).toBe(201);
    // Shared with the institution (compared without case or spaces), not with another one.
    expect((await list(instructor)).adminConnections.map((c: { id: number }) => c.id)).toEqual([
      adminConnection.json().id,
    ]);
    expect((await list(elsewhereAdmin)).adminConnections).toEqual([]);
    expect((await connect(instructor, { integrationId: "notebooklm" })).statusCode).toBe(201);
    expect(
      (await connect(superAdmin, { integrationId: "notebooklm", isAdminManaged: true })).statusCode,
    ).toBe(409);
  });

  it("lets only admins of the institution change or remove an admin connection", async () => {
    const created = await connect(superAdmin, { integrationId: "qualtrics", isAdminManaged: true });
    const id = created.json().id as number;
    for (const [who, status] of [
      [instructor, 403],
      [elsewhereAdmin, 404],
    ] as const) {
      expect((await configure(who, id, { apiKey: "x-key-1234567890" })).statusCode).toBe(status);
      expect((await disconnect(who, id)).statusCode).toBe(status);
    }
    const denied = await disconnect(instructor, id);
    expect(denied.json().message).toBe(INTEGRATION_MESSAGES.adminOnlyChange);
    expect(
      (
        await configure(admin, id, {
          apiKey: "admin-set-key-0001",
          endpoint: "https://qualtrics.example/api",
        })
      ).json(),
    ).toMatchObject({
      hasApiKey: true,
      endpoint: "https://qualtrics.example/api",
    });
    expect((await disconnect(admin, id)).statusCode).toBe(204);
    expect((await disconnect(admin, id)).statusCode).toBe(404);
  });

  it("keeps personal connections to their owner", async () => {
    const created = await connect(colleague, { integrationId: "github" });
    const id = created.json().id as number;
    for (const who of [instructor, admin, superAdmin]) {
      expect((await configure(who, id, { apiKey: "someone-elses-key" })).statusCode).toBe(404);
      expect((await disconnect(who, id)).statusCode).toBe(404);
    }
    expect((await disconnect(colleague, id)).statusCode).toBe(204);
  });

  it("configures with a sealed key that is never returned, and checks the endpoint", async () => {
    const created = await connect(colleague, { integrationId: "teams" });
    const id = created.json().id as number;
    const missing = await configure(colleague, id, { endpoint: "https://teams.example" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(INTEGRATION_MESSAGES.apiKeyRequired);

    const secret = "teams-secret-key-should-never-show";
    const saved = await configure(colleague, id, {
      apiKey: secret,
      settings: { channel: "project-a", notify: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hasApiKey: true, settings: { channel: "project-a", notify: true } });
    expect(saved.body).not.toContain(secret);
    expect(JSON.stringify(await list(colleague))).not.toContain(secret);
    // The key stays when only other parameters change.
    expect((await configure(colleague, id, { endpoint: "http://localhost:8080/hook" })).json()).toMatchObject(
      {
        hasApiKey: true,
        endpoint: "http://localhost:8080/hook",
      },
    );

    for (const [endpoint, message] of [
      ["not a url", INTEGRATION_MESSAGES.invalidUrl],
      ["http://teams.example/hook", INTEGRATION_MESSAGES.insecureUrl],
    ]) {
      const bad = await configure(colleague, id, { apiKey: secret, endpoint });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(message);
    }
  });

  it("answers 400 for an unknown integration or malformed parameters", async () => {
    const unknown = await connect(instructor, { integrationId: "myspace" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(INTEGRATION_MESSAGES.unknown);
    expect(
      (await connect(instructor, { integrationId: "teams", parameters: { apiKey: 42 } })).statusCode,
    ).toBe(400);
    expect(
      (await connect(instructor, { integrationId: "teams", parameters: { password: "x" } })).statusCode,
    ).toBe(400);
    expect((await connect(instructor, { integrationId: "teams", isAdminManaged: "yes" })).statusCode).toBe(
      400,
    );
    expect((await configure(instructor, 999_999, { apiKey: "a-key" })).statusCode).toBe(404);
    expect(
      (await inject({ method: "DELETE", url: "/api/integrations/abc", headers: instructor.headers }))
        .statusCode,
    ).toBe(400);
  });
});
