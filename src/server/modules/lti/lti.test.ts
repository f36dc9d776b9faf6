import { sql } from "drizzle-orm";
import { createLocalJWKSet, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/client.ts";
import { SecretBox } from "../../lib/secret-box.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createToolKeys, RETIRED_KEY_RETENTION_MS } from "./tool-keys.ts";

const TEST_APP_SECRET = "test-app-secret-used-only-by-the-test-suite-0123456789";

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
});
afterAll(() => t?.close());

const keyset = async () => {
  const response = await t.app.inject({ method: "GET", url: "/lti/jwks" });
  expect(response.statusCode).toBe(200);
  return response.json() as { keys: Array<Record<string, unknown>> };
};

/** The app's own keys, as the module sees them (same database, same app secret, same clock). */
const toolKeys = () =>
  createToolKeys({ db: t.database.db, box: new SecretBox(TEST_APP_SECRET), now: t.clock.now });

async function signedBy(kid: string) {
  const { privateKey, kid: signing } = await toolKeys().signingKey();
  expect(signing).toBe(kid);
  return new SignJWT({ iss: "pivot-and-launch" }).setProtectedHeader({ alg: "RS256", kid }).sign(privateKey);
}

describe("the tool's keys (LTI 1.3)", () => {
  it("publishes one RSA signing key, public half only, cacheable for five minutes", async () => {
    const response = await t.app.inject({ method: "GET", url: "/lti/jwks" });
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    const { keys } = response.json() as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String) });
    for (const secret of ["d", "p", "q", "dp", "dq", "qi"]) expect(keys[0]).not.toHaveProperty(secret);
    const [row] = await selectRows<{ sealed: string }>(
      t.database.db,
      sql`select private_key_sealed as sealed from lti_tool_key`,
    );
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain('"d"');
  });

  it("signs with the newest key, which the published keyset verifies", async () => {
    const [published] = (await keyset()).keys;
    const token = await signedBy(String(published?.kid));
    const { payload } = await jwtVerify(token, createLocalJWKSet(await keyset()));
    expect(payload.iss).toBe("pivot-and-launch");
  });

  it("rotates for the super admin only, keeping the old key published until it expires", async () => {
    const forbidden = await t.app.inject({
      method: "POST",
      url: "/api/admin/lti/keys/rotate",
      headers: (await signedInFaculty(t.app, t.database.db)).headers,
    });
    expect(forbidden.statusCode).toBe(403);

    const [old] = (await keyset()).keys;
    const oldToken = await signedBy(String(old?.kid));
    t.clock.advance(1000);
    const rotated = await t.app.inject({
      method: "POST",
      url: "/api/admin/lti/keys/rotate",
      headers: superAdmin.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const { kid } = rotated.json() as { kid: string };
    expect(kid).not.toBe(old?.kid);
    expect((await keyset()).keys.map((key) => key.kid)).toEqual([kid, old?.kid]);
    // What the old key signed still verifies; the new key signs from now on.
    await expect(jwtVerify(oldToken, createLocalJWKSet(await keyset()))).resolves.toBeDefined();
    await signedBy(kid);

    t.clock.advance(RETIRED_KEY_RETENTION_MS + 1000);
    expect((await keyset()).keys.map((key) => key.kid)).toEqual([kid]);
    await expect(jwtVerify(oldToken, createLocalJWKSet(await keyset()))).rejects.toThrow();
  });
});
