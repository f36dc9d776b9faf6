import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDENTITY_PROVIDER_MESSAGES } from "#shared/schemas/identity-providers.ts";
import { STUDENT_MESSAGES } from "#shared/schemas/student.ts";
import { SSO_MESSAGES } from "#shared/sso.ts";
import { selectRows } from "../../db/client.ts";
import { bearer, insertFaculty, signedInFaculty } from "../../test/factories.ts";
import {
  type OidcTestProvider,
  signInAtProvider,
  startOidcTestProvider,
  type TestPerson,
} from "../../test/oidc-test-provider.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const PUBLIC_URL = "http://pl.test";
const CLIENT_SECRET = "a-client-secret-nobody-may-read-back";
const INSTITUTION = "Test University";

let idp: OidcTestProvider;
let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;
let people = 0;

beforeAll(async () => {
  idp = await startOidcTestProvider();
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin", institution: INSTITUTION });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const inject = (options: InjectOptions, app = t.app) => app.inject(options);

/** A person at the test provider, verified at uni.test and a faculty member unless told otherwise. */
function person(overrides: Partial<TestPerson> = {}): TestPerson {
  people += 1;
  const login = overrides.login ?? `person-${people}`;
  const added = {
    login,
    email: `${login}@uni.test`,
    emailVerified: true,
    name: `Person ${people}`,
    claims: { eduPersonAffiliation: ["faculty", "member"] },
    ...overrides,
  };
  idp.addPerson(added);
  return added;
}

/** Adds an OIDC provider through the API and registers its redirect URI with the test provider. */
async function addProvider(overrides: Record<string, unknown> = {}) {
  const clientId = `client-${people}-${Math.random().toString(36).slice(2)}`;
  const response = await inject({
    method: "POST",
    url: "/api/admin/identity-providers",
    headers: superAdmin.headers,
    payload: {
      kind: "oidc",
      displayName: "Test University SSO",
      institution: INSTITUTION,
      issuer: idp.issuer,
      clientId,
      clientSecret: CLIENT_SECRET,
      emailDomains: ["uni.test"],
      autoApprove: true,
      defaultRole: "student",
      roleClaim: "eduPersonAffiliation",
      instructorValues: ["faculty", "staff"],
      studentValues: ["student"],
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const provider = response.json();
  idp.addClient({ clientId, clientSecret: CLIENT_SECRET, redirectUris: [provider.addresses.redirectUri] });
  return provider as { id: string; addresses: { redirectUri: string } };
}

/** Starts at our start route, signs in at the provider, returns where the callback sends the browser. */
async function signInThrough(providerId: string, login: string, app = t.app) {
  const started = await inject({ method: "GET", url: `/api/auth/sso/${providerId}/start` }, app);
  expect(started.statusCode).toBe(302);
  const callback = await signInAtProvider(started.headers.location as string, login);
  const finished = await inject({ method: "GET", url: `${callback.pathname}${callback.search}` }, app);
  expect(finished.statusCode).toBe(302);
  return { landing: finished.headers.location as string, callback };
}

const codeOf = (landing: string) => new URL(landing, PUBLIC_URL).searchParams.get("code") ?? "";
const exchange = (code: string) =>
  inject({ method: "POST", url: "/api/auth/sso/exchange", payload: { code } });

async function countRows(table: "faculty" | "session" | "faculty_identity") {
  const [row] = await selectRows<{ total: number }>(
    t.database.db,
    sql`select count(*)::int as total from ${sql.identifier(table)}`,
  );
  return row?.total ?? 0;
}

async function accountOf(email: string) {
  const [row] = await selectRows<{
    role: string;
    status: string;
    institution: string;
    password_hash: string | null;
  }>(t.database.db, sql`select role, status, institution, password_hash from faculty where email = ${email}`);
  return row;
}

/** Asserts a refusal: the reason in the landing, and no account, link or session made. */
async function expectRefused(run: () => Promise<{ landing: string }>, reason: string) {
  const before = await Promise.all([
    countRows("faculty"),
    countRows("session"),
    countRows("faculty_identity"),
  ]);
  const { landing } = await run();
  expect(landing).toBe(`/sso/complete?error=${reason}`);
  expect(
    await Promise.all([countRows("faculty"), countRows("session"), countRows("faculty_identity")]),
  ).toEqual(before);
}

describe("identity providers (super admin)", () => {
  it("keeps the client secret sealed and never returns it", async () => {
    const provider = await addProvider();
    const list = await inject({
      method: "GET",
      url: "/api/admin/identity-providers",
      headers: superAdmin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(CLIENT_SECRET);
    const listed = list.json().providers.find((item: { id: string }) => item.id === provider.id);
    expect(listed).toMatchObject({
      kind: "oidc",
      hasClientSecret: true,
      addresses: { redirectUri: `${PUBLIC_URL}/api/auth/sso/${provider.id}/callback` },
    });
    const [stored] = await selectRows<{ sealed: string }>(
      t.database.db,
      sql`select client_secret_sealed as sealed from identity_provider where id = ${provider.id}`,
    );
    expect(stored?.sealed).toMatch(/^v1\./);
    expect(stored?.sealed).not.toContain(CLIENT_SECRET);
  });

  it("keeps the stored secret when an edit leaves it out, and refuses a change of kind", async () => {
    const provider = await addProvider();
    const edited = await inject({
      method: "PUT",
      url: `/api/admin/identity-providers/${provider.id}`,
      headers: superAdmin.headers,
      payload: {
        kind: "oidc",
        displayName: "Renamed SSO",
        institution: INSTITUTION,
        issuer: idp.issuer,
        clientId: (await providerRow(provider.id)).clientId,
        emailDomains: ["uni.test"],
        autoApprove: true,
        defaultRole: "instructor",
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      displayName: "Renamed SSO",
      hasClientSecret: true,
      roleClaim: null,
    });
    // The kept secret still works: a sign-in goes through.
    const { landing } = await signInThrough(provider.id, person().login);
    expect(landing).toMatch(/^\/sso\/complete\?code=/);

    const changed = await inject({
      method: "PUT",
      url: `/api/admin/identity-providers/${provider.id}`,
      headers: superAdmin.headers,
      payload: {
        kind: "saml",
        displayName: "Renamed SSO",
        institution: INSTITUTION,
        entryPoint: "https://idp.uni.test/sso",
        idpIssuer: "https://idp.uni.test",
        idpCertificate: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----",
        defaultRole: "instructor",
      },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(IDENTITY_PROVIDER_MESSAGES.kindFixed);
  });

  it("refuses an issuer without an OpenID configuration, and automatic approval without a domain", async () => {
    const base = {
      kind: "oidc",
      displayName: "Broken",
      institution: INSTITUTION,
      clientId: "x",
      clientSecret: "y",
      defaultRole: "student",
    };
    const undiscoverable = await inject({
      method: "POST",
      url: "/api/admin/identity-providers",
      headers: superAdmin.headers,
      payload: { ...base, issuer: `${idp.issuer}/nowhere` },
    });
    expect(undiscoverable.statusCode).toBe(400);
    expect(undiscoverable.json().message).toBe(IDENTITY_PROVIDER_MESSAGES.discoveryFailed);
    const noDomain = await inject({
      method: "POST",
      url: "/api/admin/identity-providers",
      headers: superAdmin.headers,
      payload: { ...base, issuer: idp.issuer, autoApprove: true },
    });
    expect(noDomain.statusCode).toBe(400);
    expect(noDomain.json().details).toContainEqual({
      field: "emailDomains",
      message: IDENTITY_PROVIDER_MESSAGES.domainsForAutoApprove,
    });
  });

  it("deletes a provider: its sign-in and its links go with it", async () => {
    const provider = await addProvider();
    const { landing } = await signInThrough(provider.id, person().login);
    expect(await exchange(codeOf(landing))).toHaveProperty("statusCode", 200);
    const removed = await inject({
      method: "DELETE",
      url: `/api/admin/identity-providers/${provider.id}`,
      headers: superAdmin.headers,
    });
    expect(removed.statusCode).toBe(204);
    const started = await inject({ method: "GET", url: `/api/auth/sso/${provider.id}/start` });
    expect(started.headers.location).toBe("/sso/complete?error=unknownProvider");
    const again = await inject({
      method: "DELETE",
      url: `/api/admin/identity-providers/${provider.id}`,
      headers: superAdmin.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

async function providerRow(id: string) {
  const [row] = await selectRows<{ settings: { clientId: string } }>(
    t.database.db,
    sql`select settings from identity_provider where id = ${id}`,
  );
  return { clientId: row?.settings.clientId ?? "" };
}

describe("signing in with OpenID Connect", () => {
  it("makes an instructor's account from the claims, approved by domain, and hands over a session once", async () => {
    const provider = await addProvider();
    const ada = person({ name: "Ada Lovelace" });
    const { landing } = await signInThrough(provider.id, ada.login);
    const code = codeOf(landing);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const exchanged = await exchange(code);
    expect(exchanged.statusCode).toBe(200);
    const { sessionId, faculty } = exchanged.json();
    expect(faculty).toMatchObject({
      name: "Ada Lovelace",
      email: ada.email,
      role: "instructor",
      status: "approved",
      institution: INSTITUTION,
    });
    expect(exchanged.cookies.find((cookie) => cookie.name === "pl_session")?.httpOnly).toBe(true);
    const me = await inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) });
    expect(me.json().faculty.email).toBe(ada.email);
    expect((await accountOf(ada.email))?.password_hash).toBeNull();

    const replayed = await exchange(code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(SSO_MESSAGES.codeExpired);

    // The second sign-in uses the same account (linked by the provider's subject).
    const second = await signInThrough(provider.id, ada.login);
    const again = await exchange(codeOf(second.landing));
    expect(again.json().faculty.id).toBe(faculty.id);
    const identities = await inject({
      method: "GET",
      url: "/api/auth/identities",
      headers: bearer(sessionId),
    });
    expect(identities.json().hasPassword).toBe(false);
    expect(identities.json().identities).toEqual([
      {
        providerId: provider.id,
        displayName: "Test University SSO",
        email: ada.email,
        linkedAt: expect.any(String),
      },
    ]);
  });

  it("gives a student the student role, and never an administrator's role", async () => {
    const provider = await addProvider({ instructorValues: ["faculty"], studentValues: ["student"] });
    const sam = person({ claims: { eduPersonAffiliation: "student@uni.test" } });
    const { landing } = await signInThrough(provider.id, sam.login);
    expect((await exchange(codeOf(landing))).json().faculty.role).toBe("student");

    const boss = person({ claims: { eduPersonAffiliation: ["super_admin", "admin"] } });
    const bossLanding = await signInThrough(provider.id, boss.login);
    expect((await exchange(codeOf(bossLanding.landing))).json().faculty.role).toBe("student");
  });

  it("lets a code be exchanged only within a minute", async () => {
    const provider = await addProvider();
    const { landing } = await signInThrough(provider.id, person().login);
    t.clock.advance(61_000);
    const late = await exchange(codeOf(landing));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(SSO_MESSAGES.codeExpired);
  });

  it("leaves a new account pending without automatic approval, with no session", async () => {
    const provider = await addProvider({ autoApprove: false, emailDomains: [] });
    const newcomer = person();
    const { landing } = await signInThrough(provider.id, newcomer.login);
    expect(landing).toBe("/sso/complete?error=pending");
    expect(await accountOf(newcomer.email)).toMatchObject({ status: "pending", role: "instructor" });
  });

  it("refuses an e-mail outside the domains when approval is automatic, making nothing", async () => {
    const provider = await addProvider();
    const outsider = person({ email: `outsider-${people}@elsewhere.test` });
    await expectRefused(() => signInThrough(provider.id, outsider.login), "domain");
    expect(await accountOf(outsider.email)).toBeUndefined();
  });

  it("links an existing account by verified e-mail, never by an unverified one or across institutions", async () => {
    const provider = await addProvider();
    const existing = await insertFaculty(t.database.db, {
      email: `linked-${people}@uni.test`,
      institution: INSTITUTION,
    });
    const unverified = person({ email: existing.email, emailVerified: false });
    await expectRefused(() => signInThrough(provider.id, unverified.login), "unverified");

    const foreign = await insertFaculty(t.database.db, {
      email: `foreign-${people}@uni.test`,
      institution: "Other College",
    });
    const stranger = person({ email: foreign.email });
    await expectRefused(() => signInThrough(provider.id, stranger.login), "otherInstitution");

    const owner = person({ email: existing.email });
    const { landing } = await signInThrough(provider.id, owner.login);
    const signedIn = (await exchange(codeOf(landing))).json();
    expect(signedIn.faculty.id).toBe(existing.id);
    // Linking changes neither the role nor the password.
    expect(await accountOf(existing.email)).toMatchObject({
      role: "instructor",
      password_hash: existing.passwordHash,
    });
  });

  it("refuses a wrong or replayed state, and a nonce that does not match", async () => {
    const provider = await addProvider();
    const traveller = person();
    const { callback } = await signInThrough(provider.id, traveller.login);
    // The same redirect again: its state was used.
    const replayed = await inject({ method: "GET", url: `${callback.pathname}${callback.search}` });
    expect(replayed.headers.location).toBe("/sso/complete?error=state");

    const forged = new URL(callback);
    forged.searchParams.set("state", "a-state-nobody-started");
    const wrongState = await inject({ method: "GET", url: `${forged.pathname}${forged.search}` });
    expect(wrongState.headers.location).toBe("/sso/complete?error=state");

    const started = await inject({ method: "GET", url: `/api/auth/sso/${provider.id}/start` });
    const state = new URL(started.headers.location as string).searchParams.get("state") ?? "";
    await t.database.db.execute(sql`update sso_flow set nonce = 'another-nonce' where id = ${state}`);
    const answered = await signInAtProvider(started.headers.location as string, traveller.login);
    await expectRefused(
      async () => ({
        landing: (await inject({ method: "GET", url: `${answered.pathname}${answered.search}` })).headers
          .location as string,
      }),
      "invalid",
    );
  });

  it("refuses a sign-in the provider denied, an unknown provider and a disabled one", async () => {
    const provider = await addProvider();
    await expectRefused(() => signInThrough(provider.id, "nobody-the-provider-knows"), "denied");
    const unknown = await inject({
      method: "GET",
      url: "/api/auth/sso/8d7e6f50-0000-4000-8000-000000000000/start",
    });
    expect(unknown.headers.location).toBe("/sso/complete?error=unknownProvider");

    const off = await addProvider({ enabled: false });
    const disabled = await inject({ method: "GET", url: `/api/auth/sso/${off.id}/start` });
    expect(disabled.headers.location).toBe("/sso/complete?error=disabled");
    const choices = await inject({ method: "GET", url: "/api/auth/sso/providers" });
    const ids = choices.json().providers.map((choice: { providerId: string }) => choice.providerId);
    expect(ids).toContain(provider.id);
    expect(ids).not.toContain(off.id);
  });

  it("finds the provider from an e-mail's domain", async () => {
    const provider = await addProvider({ emailDomains: ["discover.test"], displayName: "Discoverable SSO" });
    const found = await inject({ method: "GET", url: "/api/auth/sso/discover?email=Someone@Discover.test" });
    expect(found.json()).toEqual({ providerId: provider.id, displayName: "Discoverable SSO" });
    const none = await inject({ method: "GET", url: "/api/auth/sso/discover?email=someone@nowhere.test" });
    expect(none.statusCode).toBe(404);
  });

  it("finishes on another instance a sign-in this one started", async () => {
    const provider = await addProvider();
    const other = await createTestApp({ database: t.database, config: { publicUrl: PUBLIC_URL } });
    try {
      const started = await inject({ method: "GET", url: `/api/auth/sso/${provider.id}/start` });
      const callback = await signInAtProvider(started.headers.location as string, person().login);
      const finished = await inject(
        { method: "GET", url: `${callback.pathname}${callback.search}` },
        other.app,
      );
      expect(finished.headers.location).toMatch(/^\/sso\/complete\?code=/);
      const exchanged = await inject(
        {
          method: "POST",
          url: "/api/auth/sso/exchange",
          payload: { code: codeOf(finished.headers.location as string) },
        },
        other.app,
      );
      expect(exchanged.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("runs a test sign-in that shows the claims and makes nothing", async () => {
    const provider = await addProvider();
    const tester = person({ name: "Tess Tester" });
    const before = await Promise.all([countRows("faculty"), countRows("faculty_identity")]);
    const started = await inject({
      method: "POST",
      url: `/api/admin/identity-providers/${provider.id}/test`,
      headers: superAdmin.headers,
    });
    expect(started.statusCode).toBe(200);
    const callback = await signInAtProvider(started.json().url, tester.login);
    const finished = await inject({ method: "GET", url: `${callback.pathname}${callback.search}` });
    const landing = finished.headers.location as string;
    expect(landing).toMatch(/^\/admin\/sign-in\?test=/);
    const code = new URL(landing, PUBLIC_URL).searchParams.get("test") ?? "";
    const result = await inject({
      method: "POST",
      url: "/api/admin/identity-providers/test-result",
      headers: superAdmin.headers,
      payload: { code },
    });
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({
      providerId: provider.id,
      claims: {
        sub: tester.login,
        email: tester.email,
        email_verified: true,
        eduPersonAffiliation: ["faculty", "member"],
      },
      person: {
        subject: tester.login,
        email: tester.email,
        emailVerified: true,
        name: "Tess Tester",
        role: "instructor",
      },
      outcome: "Makes a new account, approved at once.",
    });
    expect(await Promise.all([countRows("faculty"), countRows("faculty_identity")])).toEqual(before);
    // A test's code is no sign-in code, and is read once.
    expect((await exchange(code)).statusCode).toBe(400);
    const again = await inject({
      method: "POST",
      url: "/api/admin/identity-providers/test-result",
      headers: superAdmin.headers,
      payload: { code },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe("password sign-in switched off for an institution", () => {
  it("sends the institution's members to its sign-in, but never locks out the super admin", async () => {
    const institution = "Closed Campus";
    await addProvider({ institution, passwordSignIn: false });
    const member = await insertFaculty(t.database.db, { institution });
    const refused = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: member.email, password: member.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SSO_MESSAGES.passwordSignInOff(institution));
    // A wrong password still gets the usual answer: the rule tells nothing before the password is right.
    const wrong = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: member.email, password: "not the password at all" },
    });
    expect(wrong.statusCode).toBe(401);
    const elsewhere = await insertFaculty(t.database.db, { institution: "Open College" });
    const open = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: elsewhere.email, password: elsewhere.password },
    });
    expect(open.statusCode).toBe(200);
    const admin = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: superAdmin.faculty.email, password: superAdmin.faculty.password },
    });
    expect(admin.statusCode).toBe(200);
  });

  it("never signs in with a password an account that has none", async () => {
    const provider = await addProvider();
    const viaSso = person();
    await exchange(codeOf((await signInThrough(provider.id, viaSso.login)).landing));
    const attempt = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: viaSso.email, password: "any password at all" },
    });
    expect(attempt.statusCode).toBe(401);
  });
});

describe("a student whose account an institution sign-in made", () => {
  it("deletes the account by typing its e-mail address, having no password", async () => {
    const provider = await addProvider();
    const student = person({ claims: { eduPersonAffiliation: "student" } });
    const { sessionId, faculty } = (
      await exchange(codeOf((await signInThrough(provider.id, student.login)).landing))
    ).json();
    expect(faculty.role).toBe("student");
    const wrong = await inject({
      method: "DELETE",
      url: "/api/student/account",
      headers: bearer(sessionId),
      payload: { password: "someone-else@uni.test" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STUDENT_MESSAGES.emailConfirmationWrong);
    const deleted = await inject({
      method: "DELETE",
      url: "/api/student/account",
      headers: bearer(sessionId),
      payload: { password: student.email.toUpperCase() },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await accountOf(student.email)).toBeUndefined();
    const links = await selectRows<{ subject: string }>(
      t.database.db,
      sql`select subject from faculty_identity where subject = ${student.login}`,
    );
    expect(links).toEqual([]);
  });
});
