import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/client.ts";
import { insertFaculty, signedInFaculty } from "../../test/factories.ts";
import {
  authnRequestIdFrom,
  SAML_OTHER_KEY,
  SAML_TEST_IDP,
  type SamlResponseOptions,
  signedSamlResponse,
} from "../../test/saml-test-idp.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const PUBLIC_URL = "http://pl.test";
const INSTITUTION = "Test University";
const MINUTE = 60_000;

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;
let provider: { id: string; addresses: { entityId: string; acsUrl: string; metadataUrl: string } };
let people = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin", institution: INSTITUTION });
  const created = await t.app.inject({
    method: "POST",
    url: "/api/admin/identity-providers",
    headers: superAdmin.headers,
    payload: {
      kind: "saml",
      displayName: "Shibboleth",
      institution: INSTITUTION,
      entryPoint: SAML_TEST_IDP.entryPoint,
      idpIssuer: SAML_TEST_IDP.issuer,
      idpCertificate: SAML_TEST_IDP.certificate,
      emailDomains: ["uni.test"],
      autoApprove: true,
      defaultRole: "student",
      roleClaim: "eduPersonAffiliation",
      instructorValues: ["faculty", "staff"],
      studentValues: ["student"],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  provider = created.json();
});
afterAll(() => t?.close());

/** Starts a sign-in; returns the AuthnRequest's ID and the RelayState the response must carry back. */
async function start() {
  const started = await t.app.inject({ method: "GET", url: `/api/auth/sso/${provider.id}/start` });
  expect(started.statusCode).toBe(302);
  const location = started.headers.location as string;
  expect(location.startsWith(`${SAML_TEST_IDP.entryPoint}?SAMLRequest=`)).toBe(true);
  return {
    requestId: authnRequestIdFrom(location),
    relayState: new URL(location).searchParams.get("RelayState") ?? "",
  };
}

function responseFor(requestId: string, overrides: Partial<SamlResponseOptions> = {}) {
  people += 1;
  return signedSamlResponse({
    destination: provider.addresses.acsUrl,
    audience: provider.addresses.entityId,
    inResponseTo: requestId,
    nameId: `saml-person-${people}`,
    attributes: {
      "urn:oid:0.9.2342.19200300.100.1.3": `saml-person-${people}@uni.test`,
      displayName: `Saml Person ${people}`,
      eduPersonAffiliation: ["faculty", "member"],
    },
    ...overrides,
  });
}

/** Posts a response to the assertion consumer service as the identity provider's page does. */
async function post(samlResponse: string, relayState: string) {
  const posted = await t.app.inject({
    method: "POST",
    url: `/api/auth/sso/${provider.id}/acs`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  expect(posted.statusCode).toBe(302);
  return posted.headers.location as string;
}

async function counts() {
  const [row] = await selectRows<{ accounts: number; sessions: number; links: number }>(
    t.database.db,
    sql`select (select count(*)::int from faculty) as accounts, (select count(*)::int from session) as sessions,
      (select count(*)::int from faculty_identity) as links`,
  );
  return row;
}

async function expectRefused(samlResponse: (requestId: string) => string, reason = "invalid") {
  const before = await counts();
  const { requestId, relayState } = await start();
  expect(await post(samlResponse(requestId), relayState)).toBe(`/sso/complete?error=${reason}`);
  expect(await counts()).toEqual(before);
}

const exchange = (landing: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sso/exchange",
    payload: { code: new URL(landing, PUBLIC_URL).searchParams.get("code") },
  });

describe("signing in with SAML", () => {
  it("gives the identity provider's administrator the service provider's metadata", async () => {
    const metadata = await t.app.inject({ method: "GET", url: `/api/auth/sso/${provider.id}/metadata` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers["content-type"]).toContain("application/samlmetadata+xml");
    expect(metadata.body).toContain(`entityID="${PUBLIC_URL}/api/auth/sso/${provider.id}/metadata"`);
    expect(metadata.body).toContain(`Location="${PUBLIC_URL}/api/auth/sso/${provider.id}/acs"`);
  });

  it("makes an account from a signed assertion and signs the person in", async () => {
    const { requestId, relayState } = await start();
    const landing = await post(responseFor(requestId), relayState);
    expect(landing).toMatch(/^\/sso\/complete\?code=/);
    const exchanged = await exchange(landing);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().faculty).toMatchObject({
      name: `Saml Person ${people}`,
      email: `saml-person-${people}@uni.test`,
      role: "instructor",
      status: "approved",
      institution: INSTITUTION,
    });
  });

  it("refuses a replayed assertion", async () => {
    const { requestId, relayState } = await start();
    const response = responseFor(requestId);
    expect(await post(response, relayState)).toMatch(/^\/sso\/complete\?code=/);
    const before = await counts();
    expect(await post(response, relayState)).toBe("/sso/complete?error=state");
    // Replayed into a sign-in started later: it answers another request.
    const later = await start();
    expect(await post(response, later.relayState)).toBe("/sso/complete?error=invalid");
    expect(await counts()).toEqual(before);
  });

  it("accepts an assertion within two minutes of clock skew, and refuses an expired or not yet valid one", async () => {
    const now = Date.now();
    const { requestId, relayState } = await start();
    const skewed = responseFor(requestId, { notOnOrAfter: new Date(now - MINUTE) });
    expect(await post(skewed, relayState)).toMatch(/^\/sso\/complete\?code=/);
    await expectRefused((id) =>
      responseFor(id, { now: new Date(now - 10 * MINUTE), notOnOrAfter: new Date(now - 3 * MINUTE) }),
    );
    await expectRefused((id) =>
      responseFor(id, { notBefore: new Date(now + 3 * MINUTE), notOnOrAfter: new Date(now + 10 * MINUTE) }),
    );
  });

  it("refuses a bad signature, a tampered assertion, an unsigned-by-the-provider issuer and an unknown request", async () => {
    await expectRefused((id) => responseFor(id, { signWith: SAML_OTHER_KEY }));
    await expectRefused((id) => responseFor(id, { tamper: true }));
    await expectRefused((id) => responseFor(id, { issuer: "https://impostor.test/saml" }));
    await expectRefused(() => responseFor("_a-request-never-made-here"));
    await expectRefused((id) => responseFor(id, { audience: "https://another-service.test" }));
  });

  it("counts a SAML e-mail as verified only within the provider's domains", async () => {
    const outside = await insertFaculty(t.database.db, {
      email: `someone-${people}@elsewhere.test`,
      institution: INSTITUTION,
    });
    await expectRefused(
      (id) => responseFor(id, { attributes: { email: outside.email, eduPersonAffiliation: "faculty" } }),
      "unverified",
    );
    const inside = await insertFaculty(t.database.db, {
      email: `member-${people}@uni.test`,
      institution: INSTITUTION,
    });
    const { requestId, relayState } = await start();
    const landing = await post(responseFor(requestId, { attributes: { mail: inside.email } }), relayState);
    expect((await exchange(landing)).json().faculty.id).toBe(inside.id);
  });

  it("refuses a post without a sign-in started here", async () => {
    const before = await counts();
    expect(await post(responseFor("_x"), "")).toBe("/sso/complete?error=state");
    expect(await post(responseFor("_x"), "a-relay-state-nobody-made")).toBe("/sso/complete?error=state");
    expect(await counts()).toEqual(before);
  });
});
