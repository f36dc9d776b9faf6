import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LTI_REGISTRATION_MESSAGES } from "#shared/schemas/lti.ts";
import { selectRows } from "../../db/client.ts";
import { bearer, signedInFaculty, signIn } from "../../test/factories.ts";
import { type LtiTestPlatform, startLtiTestPlatform } from "../../test/lti-test-platform.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { SCOPES } from "./lti.service.ts";
import { INVITATION_LIFETIME_MS } from "./lti-registration.service.ts";
import { escapeHtml } from "./plain-page.ts";
import { TOOL_USER_AGENT } from "./tool-user-agent.ts";

const PUBLIC_URL = "https://pbl.uni.test";
const TOOL_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-tool-configuration";

let t: TestApp;
let lms: LtiTestPlatform;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  lms = await startLtiTestPlatform();
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
});
afterAll(async () => {
  await lms?.close();
  await t?.close();
});

const invite = (institution: string, headers: Record<string, string> = superAdmin.headers) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/lti/registration-invitations",
    headers,
    payload: { institution },
  });

async function invitationFor(institution: string): Promise<string> {
  const response = await invite(institution);
  expect(response.statusCode).toBe(201);
  return new URL(response.json().url).searchParams.get("invitation") ?? "";
}

/** What the LMS's administrator's browser opens: the invitation, with the LMS's two parameters. */
const register = (query: Record<string, string | undefined>) => {
  const present = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return t.app.inject({ method: "GET", url: `/lti/register?${new URLSearchParams(present)}` });
};
const fromLms = (invitation: string | undefined, overrides: Record<string, string | undefined> = {}) =>
  register({
    invitation,
    openid_configuration: lms.openidConfigurationUrl,
    registration_token: lms.registrationToken,
    ...overrides,
  });

const platforms = () =>
  selectRows<{ id: string; issuer: string; client_id: string; institution: string }>(
    t.database.db,
    sql`select id, issuer, client_id, institution from lti_platform order by created_at`,
  );
const deployments = (platformId: string) =>
  selectRows<{ deployment_id: string }>(
    t.database.db,
    sql`select deployment_id from lti_deployment where platform_id = ${platformId} order by deployment_id`,
  );
const invitationRow = async (token: string) =>
  (
    await selectRows<{ institution: string; used_at: Date | null; platform_id: string | null }>(
      t.database.db,
      sql`select institution, used_at, platform_id from lti_registration_invitation
          where token_hash = ${createHash("sha256").update(token).digest("hex")}`,
    )
  )[0];

describe("invitations to dynamic registration", () => {
  it("gives the super admin a single address for one institution, valid seven days, keeping only its hash", async () => {
    const response = await invite("Test University");
    expect(response.statusCode).toBe(201);
    const { url, expiresAt } = response.json() as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/lti/register\\?invitation=[A-Za-z0-9_-]{43}$`));
    expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + INVITATION_LIFETIME_MS);
    const token = new URL(url).searchParams.get("invitation") ?? "";
    expect(await invitationRow(token)).toMatchObject({ institution: "Test University", used_at: null });
    const [stored] = await selectRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from lti_registration_invitation`,
    );
    expect(stored?.token_hash).not.toContain(token);
  });

  it("is the super admin's only, and needs an institution", async () => {
    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
    const instructor = await signedInFaculty(t.app, t.database.db);
    expect((await invite("Test University", admin.headers)).statusCode).toBe(403);
    expect((await invite("Test University", instructor.headers)).statusCode).toBe(403);
    expect((await invite("Test University", {})).statusCode).toBe(401);
    const blank = await invite("  ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toContainEqual({ field: "institution", message: "Institution is required" });
  });
});

describe("dynamic registration by invitation (LTI Dynamic Registration 1.0)", () => {
  it("registers the tool with the LMS and stores the platform for the invitation's institution", async () => {
    const invitation = await invitationFor("North College");
    const before = lms.registrations.length;
    const response = await fromLms(invitation);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain(
      escapeHtml(`Pivot & Launch is registered with ${new URL(lms.issuer).host}. You can close this window.`),
    );
    expect(response.body).toContain('postMessage({ subject: "org.imsglobal.lti.close" }, "*")');
    // The LMS shows it in an iframe or a window it opened: framing allowed, the opener kept.
    expect(response.headers["x-frame-options"]).toBeUndefined();
    expect(response.headers["content-security-policy"]).toMatch(/frame-ancestors \*/);
    expect(response.headers["content-security-policy"]).toMatch(/script-src 'sha256-/);
    expect(response.headers["cross-origin-opener-policy"]).toBe("unsafe-none");

    // The bearer token went to the registration endpoint only; both requests name the tool.
    expect(lms.registrationCalls.slice(-2)).toEqual([
      { path: "/.well-known/openid-configuration", authorization: undefined, userAgent: TOOL_USER_AGENT },
      { path: "/register", authorization: `Bearer ${lms.registrationToken}`, userAgent: TOOL_USER_AGENT },
    ]);
    expect(TOOL_USER_AGENT).toMatch(/^PivotAndLaunch\/\d+\.\d+\.\d+/);
    expect(lms.registrations).toHaveLength(before + 1);
    const sent = lms.registrations.at(-1) ?? {};
    expect(sent).toMatchObject({
      application_type: "web",
      response_types: ["id_token"],
      grant_types: ["implicit", "client_credentials"],
      initiate_login_uri: `${PUBLIC_URL}/lti/login`,
      redirect_uris: [`${PUBLIC_URL}/lti/launch`],
      jwks_uri: `${PUBLIC_URL}/lti/jwks`,
      client_name: "Pivot & Launch",
      token_endpoint_auth_method: "private_key_jwt",
      [TOOL_CONFIGURATION]: {
        domain: "pbl.uni.test",
        target_link_uri: `${PUBLIC_URL}/lti/launch`,
        claims: ["iss", "sub", "name", "email"],
        messages: [
          {
            type: "LtiDeepLinkingRequest",
            target_link_uri: `${PUBLIC_URL}/lti/launch`,
            label: "Pivot & Launch",
          },
        ],
      },
    });
    expect(String(sent.scope).split(" ").sort()).toEqual([...SCOPES].sort());

    const listed = await t.app.inject({
      method: "GET",
      url: "/api/admin/lti/platforms",
      headers: superAdmin.headers,
    });
    const registered = (listed.json().platforms as Array<Record<string, unknown>>).find(
      (platform) => platform.clientId === lms.clientId,
    );
    expect(registered).toMatchObject({
      ...lms.registration("North College"),
      deploymentIds: [lms.deploymentId],
    });
    expect(await invitationRow(invitation)).toMatchObject({
      used_at: expect.anything(),
      platform_id: registered?.id,
    });
  });

  it("registers once per invitation: the same address again is refused without calling the LMS", async () => {
    const invitation = await invitationFor("North College");
    expect((await fromLms(invitation)).statusCode).toBe(200);
    const before = lms.registrations.length;
    const again = await fromLms(invitation);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(escapeHtml(LTI_REGISTRATION_MESSAGES.invitationInvalid));
    expect(lms.registrations).toHaveLength(before);
  });

  it("registers once when the LMS's administrator opens the address twice at the same time", async () => {
    const invitation = await invitationFor("North College");
    const answers = await Promise.all([fromLms(invitation), fromLms(invitation)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await platforms()).filter((platform) => platform.client_id === lms.clientId)).toHaveLength(1);
  });

  it("stores a platform whose answer named no deployment, for the super admin to add one", async () => {
    const solo = await startLtiTestPlatform();
    solo.changeRegistrationAnswer({ [TOOL_CONFIGURATION]: {} });
    try {
      const response = await register({
        invitation: await invitationFor("West College"),
        openid_configuration: solo.openidConfigurationUrl,
        registration_token: solo.registrationToken,
      });
      expect(response.statusCode).toBe(200);
      const stored = (await platforms()).find((platform) => platform.client_id === solo.clientId);
      expect(stored).toMatchObject({ issuer: solo.issuer, institution: "West College" });
      expect(await deployments(stored?.id ?? "")).toEqual([]);
    } finally {
      await solo.close();
    }
  });

  it("adds the deployment when the LMS answers a client id already registered for the institution", async () => {
    lms.changeRegistrationAnswer({ [TOOL_CONFIGURATION]: { deployment_id: "deployment-2" } });
    try {
      expect((await fromLms(await invitationFor("North College"))).statusCode).toBe(200);
    } finally {
      lms.changeRegistrationAnswer(null);
    }
    const matching = (await platforms()).filter((platform) => platform.client_id === lms.clientId);
    expect(matching).toHaveLength(1);
    expect((await deployments(matching[0]?.id ?? "")).map((row) => row.deployment_id)).toEqual([
      "deployment-1",
      "deployment-2",
    ]);
  });

  it("refuses an (issuer, client id) of another institution and keeps the invitation", async () => {
    const invitation = await invitationFor("South College");
    const before = await platforms();
    const response = await fromLms(invitation);
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain(escapeHtml(LTI_REGISTRATION_MESSAGES.otherInstitution));
    expect(await platforms()).toEqual(before);
    expect(await invitationRow(invitation)).toMatchObject({ used_at: null, platform_id: null });
  });
});

describe("dynamic registration's refusals: a plain page, a warning, nothing stored", () => {
  let other: LtiTestPlatform;
  let invitation: string;

  beforeAll(async () => {
    other = await startLtiTestPlatform();
    invitation = await invitationFor("East College");
  });
  afterAll(() => other?.close());

  const fromOther = (query: Record<string, string | undefined> = {}) =>
    register({
      invitation,
      openid_configuration: other.openidConfigurationUrl,
      registration_token: other.registrationToken,
      ...query,
    });

  async function expectRefusal(
    send: () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>,
    status: number,
    message: string,
  ) {
    const warn = vi.spyOn(t.app.log, "warn");
    const before = await platforms();
    try {
      const response = await send();
      expect(response.statusCode).toBe(status);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain(`<p>${escapeHtml(message)}</p>`);
      expect(response.body).not.toMatch(/<script|\bat .*\.ts:\d+/);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ reason: expect.any(String) }),
        "LTI dynamic registration refused",
      );
    } finally {
      warn.mockRestore();
    }
    expect(await platforms()).toEqual(before);
    expect(await invitationRow(invitation)).toMatchObject({ used_at: null, platform_id: null });
  }

  it("refuses a missing, unknown or expired invitation", async () => {
    const invalid = LTI_REGISTRATION_MESSAGES.invitationInvalid;
    await expectRefusal(() => fromOther({ invitation: undefined }), 400, invalid);
    await expectRefusal(() => fromOther({ invitation: "not-an-invitation" }), 400, invalid);
    await expectRefusal(
      () => t.app.inject({ method: "GET", url: `/lti/register?invitation=${invitation}&invitation=x` }),
      400,
      invalid,
    );
    const expiring = invitation;
    t.clock.advance(INVITATION_LIFETIME_MS + 1000);
    // A week on, the super admin's session has ended too.
    const sessionId = await signIn(t.app, superAdmin.faculty.email, superAdmin.faculty.password);
    superAdmin = { ...superAdmin, sessionId, headers: bearer(sessionId) };
    invitation = await invitationFor("East College");
    await expectRefusal(() => fromOther({ invitation: expiring }), 400, invalid);
    expect(other.registrations).toHaveLength(0);
  });

  it("refuses a missing or unreachable configuration, and one that lacks an address", async () => {
    await expectRefusal(
      () => fromOther({ openid_configuration: undefined }),
      400,
      LTI_REGISTRATION_MESSAGES.requestInvalid,
    );
    await expectRefusal(
      () => fromOther({ openid_configuration: "file:///etc/passwd" }),
      400,
      LTI_REGISTRATION_MESSAGES.requestInvalid,
    );
    await expectRefusal(
      () => fromOther({ openid_configuration: "http://127.0.0.1:9/.well-known/openid-configuration" }),
      502,
      LTI_REGISTRATION_MESSAGES.configurationUnreachable,
    );
    other.changeConfiguration({ registration_endpoint: undefined });
    try {
      await expectRefusal(() => fromOther(), 502, LTI_REGISTRATION_MESSAGES.configurationInvalid);
    } finally {
      other.changeConfiguration(null);
    }
  });

  it("refuses a configuration whose issuer is of another origin", async () => {
    other.changeConfiguration({ issuer: "https://canvas.instructure.com" });
    try {
      await expectRefusal(() => fromOther(), 400, LTI_REGISTRATION_MESSAGES.issuerMismatch);
    } finally {
      other.changeConfiguration(null);
    }
    expect(other.registrations).toHaveLength(0);
  });

  it("refuses when the LMS refuses the registration token, or answers no client id", async () => {
    await expectRefusal(
      () => fromOther({ registration_token: "wrong-token" }),
      502,
      LTI_REGISTRATION_MESSAGES.registrationRefused,
    );
    other.changeRegistrationAnswer({ client_id: undefined });
    try {
      await expectRefusal(() => fromOther(), 502, LTI_REGISTRATION_MESSAGES.clientIdMissing);
    } finally {
      other.changeRegistrationAnswer(null);
    }
  });

  it("still registers with the invitation after every refusal", async () => {
    const response = await fromOther();
    expect(response.statusCode).toBe(200);
    expect((await platforms()).find((platform) => platform.client_id === other.clientId)).toMatchObject({
      issuer: other.issuer,
      institution: "East College",
    });
  });
});
