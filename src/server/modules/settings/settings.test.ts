import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import { openPglite } from "../../db/pglite.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { type OpenAiStub, startOpenAiStub, stubOpenAiConfig } from "../../test/openai-stub.ts";
import { createTestApp, passTime, type TestApp } from "../../test/test-app.ts";
import { PGLITE_SNAPSHOT_ENV } from "../../test/test-database.ts";

let stub: OpenAiStub;
let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;

const openai = (baseUrl: string) => stubOpenAiConfig(baseUrl);
const PERSONAL_KEY = "sk-stub-alice-very-secret-personal-1";
const SYSTEM_KEY = "sk-stub-institution-default-secret-2";

beforeAll(async () => {
  stub = await startOpenAiStub();
  t = await createTestApp({ config: { openai: openai(stub.baseUrl) } });
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const settingsOf = async (who: typeof alice) =>
  (
    await inject({ method: "GET", url: `/api/faculty/${who.faculty.id}/settings`, headers: who.headers })
  ).json();

describe("personal key", () => {
  it("is saved, reported only as set, and removed", async () => {
    expect(await settingsOf(alice)).toEqual({ hasApiKey: false, lastTest: null });
    const saved = await inject({
      method: "PUT",
      url: `/api/faculty/${alice.faculty.id}/api-key`,
      headers: alice.headers,
      payload: { apiKey: PERSONAL_KEY },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(PERSONAL_KEY);
    expect(await settingsOf(alice)).toEqual({ hasApiKey: true, lastTest: null });
    expect(await settingsOf(bob)).toEqual({ hasApiKey: false, lastTest: null });

    const removed = await inject({
      method: "DELETE",
      url: `/api/faculty/${alice.faculty.id}/api-key`,
      headers: alice.headers,
    });
    expect(removed.json()).toEqual({ hasApiKey: false, lastTest: null });
    expect(await settingsOf(alice)).toEqual({ hasApiKey: false, lastTest: null });
  });

  it("must be at least 20 characters", async () => {
    for (const apiKey of ["sk-short", "", "sk-stub with spaces inside it"]) {
      const response = await inject({
        method: "PUT",
        url: `/api/faculty/${alice.faculty.id}/api-key`,
        headers: alice.headers,
        payload: { apiKey },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(SETTINGS_MESSAGES.keyTooShort);
    }
  });

  it("is nobody else's business", async () => {
    expect(
      (
        await inject({
          method: "GET",
          url: `/api/faculty/${alice.faculty.id}/settings`,
          headers: bob.headers,
        })
      ).statusCode,
    ).toBe(403);
    const put = await inject({
      method: "PUT",
      url: `/api/faculty/${alice.faculty.id}/api-key`,
      headers: superAdmin.headers,
      payload: { apiKey: PERSONAL_KEY },
    });
    expect(put.statusCode).toBe(403);
    expect(
      (
        await inject({
          method: "DELETE",
          url: `/api/faculty/${alice.faculty.id}/api-key`,
          headers: bob.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("system default key", () => {
  it("is managed by the super_admin only", async () => {
    for (const who of [admin, alice]) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const response = await inject({
          method,
          url: "/api/admin/settings/openai-key",
          headers: who.headers,
          ...(method === "PUT" ? { payload: { apiKey: SYSTEM_KEY } } : {}),
        });
        expect(response.statusCode, `${who.faculty.role} ${method}`).toBe(403);
      }
    }
    const get = () =>
      inject({ method: "GET", url: "/api/admin/settings/openai-key", headers: superAdmin.headers });
    expect((await get()).json()).toEqual({ hasDefaultKey: false });
    const empty = await inject({
      method: "PUT",
      url: "/api/admin/settings/openai-key",
      headers: superAdmin.headers,
      payload: { apiKey: "  " },
    });
    expect(empty.statusCode).toBe(400);
    const put = await inject({
      method: "PUT",
      url: "/api/admin/settings/openai-key",
      headers: superAdmin.headers,
      payload: { apiKey: SYSTEM_KEY },
    });
    expect(put.json()).toEqual({ hasDefaultKey: true });
    expect(put.body).not.toContain(SYSTEM_KEY);
    expect((await get()).json()).toEqual({ hasDefaultKey: true });
    await inject({ method: "DELETE", url: "/api/admin/settings/openai-key", headers: superAdmin.headers });
    expect((await get()).json()).toEqual({ hasDefaultKey: false });
  });
});

describe("key test", () => {
  const test = (who: typeof alice, payload?: Record<string, unknown>) =>
    inject({
      method: "POST",
      url: "/api/openai/test",
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });

  it("asks the provider for its models and answers valid or invalid", async () => {
    const valid = await test(alice, { apiKey: "sk-stub-a-key-that-works-000" });
    expect(valid.json()).toEqual({ valid: true, outcome: "valid", message: SETTINGS_MESSAGES.keyValid });
    expect(stub.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/v1/models",
      apiKey: "sk-stub-a-key-that-works-000",
    });
    const invalid = await test(alice, { apiKey: "sk-stub-invalid-key-0000000" });
    expect(invalid.json()).toEqual({
      valid: false,
      outcome: "invalid",
      message: SETTINGS_MESSAGES.keyInvalid,
    });
    const dropped = await test(alice, { apiKey: "sk-stub-unreachable-key-00001" });
    expect(dropped.json()).toMatchObject({ valid: false, outcome: "unreachable" });
    const short = await test(alice, { apiKey: "sk-short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(SETTINGS_MESSAGES.keyTooShortToTest);
  });

  it("without a key, tests the key the caller's conversions use", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const none = await test(who);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SETTINGS_MESSAGES.keyTooShortToTest);
    await inject({
      method: "PUT",
      url: `/api/faculty/${who.faculty.id}/api-key`,
      headers: who.headers,
      payload: { apiKey: "sk-stub-saved-key-of-who-0000" },
    });
    const tested = await test(who);
    expect(tested.json(), tested.body).toEqual({
      valid: true,
      outcome: "valid",
      message: SETTINGS_MESSAGES.keyValid,
    });
    expect(stub.requests.at(-1)?.apiKey).toBe("sk-stub-saved-key-of-who-0000");
  });

  it("says when the provider cannot be reached", async () => {
    const offline = await createTestApp({
      database: t.database,
      config: { openai: openai("http://127.0.0.1:9/v1") },
    });
    try {
      const who = await signedInFaculty(offline.app, offline.database.db);
      const response = await offline.app.inject({
        method: "POST",
        url: "/api/openai/test",
        headers: who.headers,
        payload: { apiKey: "sk-stub-a-key-that-works-000" },
      });
      expect(response.json()).toEqual({
        valid: false,
        outcome: "unreachable",
        message: SETTINGS_MESSAGES.providerUnreachable,
      });
    } finally {
      await offline.close();
    }
  });

  it("keeps the outcome and time of the last test of the stored key, until another key is saved", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const save = (apiKey: string) =>
      inject({
        method: "PUT",
        url: `/api/faculty/${who.faculty.id}/api-key`,
        headers: who.headers,
        payload: { apiKey },
      });
    const saved = await save("sk-stub-invalid-saved-key-0001");
    expect(saved.json()).toEqual({ hasApiKey: true, lastTest: null });

    const refused = await test(who);
    expect(refused.json().outcome).toBe("invalid");
    const refusedAt = t.clock.now().toISOString();
    expect(await settingsOf(who)).toEqual({
      hasApiKey: true,
      lastTest: { valid: false, testedAt: refusedAt },
    });

    // A key typed to try it is not the stored key: the stored key's record stays.
    t.clock.advance(60_000);
    expect((await test(who, { apiKey: "sk-stub-another-key-that-works" })).json().outcome).toBe("valid");
    expect((await settingsOf(who)).lastTest).toEqual({ valid: false, testedAt: refusedAt });

    await save("sk-stub-saved-key-that-works-01");
    expect(await settingsOf(who)).toEqual({ hasApiKey: true, lastTest: null });
    t.clock.advance(60_000);
    // The stored key typed again counts as a test of it.
    expect((await test(who, { apiKey: "sk-stub-saved-key-that-works-01" })).json().outcome).toBe("valid");
    const acceptedAt = t.clock.now().toISOString();
    expect((await settingsOf(who)).lastTest).toEqual({ valid: true, testedAt: acceptedAt });

    // Removing the key forgets its test.
    await inject({ method: "DELETE", url: `/api/faculty/${who.faculty.id}/api-key`, headers: who.headers });
    expect(await settingsOf(who)).toEqual({ hasApiKey: false, lastTest: null });
    await save("sk-stub-saved-key-that-works-01");
    expect((await settingsOf(who)).lastTest).toBeNull();
  });

  it("records nothing when the provider cannot be reached", async () => {
    const offline = await createTestApp({
      database: t.database,
      clock: t.clock,
      config: { openai: openai("http://127.0.0.1:9/v1") },
    });
    try {
      const who = await signedInFaculty(offline.app, offline.database.db);
      await offline.app.inject({
        method: "PUT",
        url: `/api/faculty/${who.faculty.id}/api-key`,
        headers: who.headers,
        payload: { apiKey: "sk-stub-a-key-that-works-000" },
      });
      const response = await offline.app.inject({
        method: "POST",
        url: "/api/openai/test",
        headers: who.headers,
      });
      expect(response.json().outcome).toBe("unreachable");
      const settings = await offline.app.inject({
        method: "GET",
        url: `/api/faculty/${who.faculty.id}/settings`,
        headers: who.headers,
      });
      expect(settings.json()).toEqual({ hasApiKey: true, lastTest: null });
    } finally {
      await offline.close();
    }
  });

  it("is limited to 10 a minute per person", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await test(who, { apiKey: "sk-stub-a-key-that-works-000" })).statusCode).toBe(200);
    }
    const limited = await test(who, { apiKey: "sk-stub-a-key-that-works-000" });
    expect(limited.statusCode).toBe(429);
    passTime(t.clock, 61_000);
    expect((await test(who, { apiKey: "sk-stub-a-key-that-works-000" })).statusCode).toBe(200);
  });
});

describe("key storage", () => {
  it("keeps keys sealed in the database", async () => {
    await inject({
      method: "PUT",
      url: `/api/faculty/${bob.faculty.id}/api-key`,
      headers: bob.headers,
      payload: { apiKey: PERSONAL_KEY },
    });
    const rows = await t.database.db.execute(
      sql`select openai_key_sealed as value from faculty_setting union all select value_sealed from system_setting`,
    );
    const values = JSON.stringify(rows);
    expect(values).toContain("v1.");
    expect(values).not.toContain(PERSONAL_KEY);
    expect(values).not.toContain(PERSONAL_KEY.slice(8, 24));
  });

  it("never writes a raw key into the embedded database's files", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-keys-"));
    try {
      // From the run's migrated snapshot (when there is one): initdb and the migrations take seconds.
      const database = await openPglite(dataDir, { template: process.env[PGLITE_SNAPSHOT_ENV] });
      const onDisk = await createTestApp({ database, config: { openai: openai(stub.baseUrl) } });
      const owner = await signedInFaculty(onDisk.app, database.db, { role: "super_admin" });
      for (const [url, apiKey] of [
        [`/api/faculty/${owner.faculty.id}/api-key`, PERSONAL_KEY],
        ["/api/admin/settings/openai-key", SYSTEM_KEY],
      ] as const) {
        const response = await onDisk.app.inject({
          method: "PUT",
          url,
          headers: owner.headers,
          payload: { apiKey },
        });
        expect(response.statusCode).toBe(200);
      }
      await onDisk.close();
      await database.close();

      const files = fs
        .readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile());
      expect(files.length).toBeGreaterThan(10);
      let sealedSeen = false;
      for (const entry of files) {
        const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
        expect(bytes.includes(PERSONAL_KEY), entry.name).toBe(false);
        expect(bytes.includes(SYSTEM_KEY), entry.name).toBe(false);
        if (bytes.includes("v1.")) sealedSeen = true;
      }
      expect(sealedSeen).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
