import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LTI_MESSAGES } from "#shared/schemas/lti.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const PUBLIC_URL = "https://pbl.uni.test";

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
});
afterAll(() => t?.close());

function platform(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    issuer: "https://canvas.instructure.com",
    clientId: `10000000000${sequence}`,
    authLoginUrl: "https://sso.canvaslms.com/api/lti/authorize_redirect",
    authTokenUrl: "https://sso.canvaslms.com/login/oauth2/token",
    keysetUrl: "https://sso.canvaslms.com/api/lti/security/jwks",
    deploymentIds: ["1:abc", "1:abc", "2:def"],
    institution: "Test University",
    ...overrides,
  };
}

const as = (headers: Record<string, string>) => ({
  post: (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/admin/lti/platforms", headers, payload }),
  put: (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: `/api/admin/lti/platforms/${id}`, headers, payload }),
  list: () => t.app.inject({ method: "GET", url: "/api/admin/lti/platforms", headers }),
  remove: (id: string) => t.app.inject({ method: "DELETE", url: `/api/admin/lti/platforms/${id}`, headers }),
});

describe("LMS platforms registered by hand", () => {
  it("registers a platform with its deployments and shows the tool's addresses and Canvas JSON", async () => {
    const created = await as(superAdmin.headers).post(platform());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      issuer: "https://canvas.instructure.com",
      deploymentIds: ["1:abc", "2:def"],
      institution: "Test University",
      tool: {
        jwksUrl: `${PUBLIC_URL}/lti/jwks`,
        loginUrl: `${PUBLIC_URL}/lti/login`,
        launchUrl: `${PUBLIC_URL}/lti/launch`,
        canvasConfiguration: {
          oidc_initiation_url: `${PUBLIC_URL}/lti/login`,
          target_link_uri: `${PUBLIC_URL}/lti/launch`,
          public_jwk_url: `${PUBLIC_URL}/lti/jwks`,
          scopes: expect.arrayContaining(["https://purl.imsglobal.org/spec/lti-ags/scope/score"]),
        },
      },
    });
    const listed = await as(superAdmin.headers).list();
    expect(listed.json().platforms.map((item: { id: string }) => item.id)).toContain(created.json().id);
    // The tool's addresses at the top too: the screen shows them before any platform exists.
    expect(listed.json().tool).toEqual(created.json().tool);
  });

  it("keeps one issuer for many institutions, each by its client id, but never the same pair twice", async () => {
    const first = platform({ institution: "North College" });
    expect((await as(superAdmin.headers).post(first)).statusCode).toBe(201);
    expect((await as(superAdmin.headers).post(platform({ institution: "South College" }))).statusCode).toBe(
      201,
    );
    const again = await as(superAdmin.headers).post({ ...first, institution: "Someone Else" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LTI_MESSAGES.platformTaken);
  });

  it("replaces a platform's deployments on edit, deletes it, and answers 404 after", async () => {
    const { id } = (await as(superAdmin.headers).post(platform())).json();
    const edited = await as(superAdmin.headers).put(
      id,
      platform({ deploymentIds: ["9:xyz"], institution: "Renamed" }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ deploymentIds: ["9:xyz"], institution: "Renamed" });
    expect((await as(superAdmin.headers).remove(id)).statusCode).toBe(204);
    expect((await as(superAdmin.headers).remove(id)).statusCode).toBe(404);
    expect((await as(superAdmin.headers).put(id, platform())).statusCode).toBe(404);
  });

  it("refuses a platform without a deployment or with an address that is not http(s)", async () => {
    const none = await as(superAdmin.headers).post(platform({ deploymentIds: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toContainEqual({
      field: "deploymentIds",
      message: "Add at least one deployment ID",
    });
    const ftp = await as(superAdmin.headers).post(platform({ keysetUrl: "ftp://canvas.test/jwks" }));
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().details).toContainEqual({
      field: "keysetUrl",
      message: "Keyset URL must be an http:// or https:// address",
    });
  });

  it("is the super admin's only", async () => {
    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
    expect((await as(admin.headers).list()).statusCode).toBe(403);
    expect((await as(admin.headers).post(platform())).statusCode).toBe(403);
  });
});
