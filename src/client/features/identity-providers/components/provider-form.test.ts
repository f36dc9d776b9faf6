import { describe, expect, it } from "vitest";
import { ApiError } from "#client/lib/api-client.ts";
import { IDENTITY_PROVIDER_MESSAGES, type IdentityProvider } from "#shared/schemas/identity-providers.ts";
import { checkProvider, formValuesOf, serverErrorsOf } from "./provider-form.ts";

const stored: IdentityProvider = {
  id: "5b0a4c1e-6f0d-4a52-9a7e-0c6b1f1d2e3f",
  kind: "oidc",
  displayName: "University Login",
  institution: "University of Testing",
  enabled: true,
  emailDomains: ["uni.test", "staff.uni.test"],
  autoApprove: true,
  defaultRole: "instructor",
  roleClaim: "eduPersonAffiliation",
  instructorValues: ["faculty", "staff"],
  studentValues: ["student"],
  passwordSignIn: true,
  addresses: { redirectUri: "https://pl.example/api/auth/sso/x/callback" },
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
  issuer: "https://login.uni.test",
  clientId: "pivot-launch",
  hasClientSecret: true,
};

describe("the sign-in option form", () => {
  it("sends lists typed with commas or lines, and no role claim when it is left empty", () => {
    const values = {
      ...formValuesOf(undefined),
      issuer: "https://login.uni.test",
      clientId: "pivot-launch",
      clientSecret: "s3cret",
      displayName: "University Login",
      institution: "University of Testing",
      emailDomains: "uni.test,\n @Staff.Uni.Test ,",
      instructorValues: "faculty, staff",
      studentValues: "student",
    };
    const checked = checkProvider(values, false);
    expect(checked.ok && checked.input).toMatchObject({
      kind: "oidc",
      emailDomains: ["uni.test", "staff.uni.test"],
      instructorValues: ["faculty", "staff"],
      studentValues: ["student"],
      roleClaim: undefined,
    });
  });

  it("keeps the stored client secret when the field is left empty while editing", () => {
    const checked = checkProvider(formValuesOf(stored), true);
    expect(checked.ok).toBe(true);
    expect(checked.ok && "clientSecret" in checked.input && checked.input.clientSecret).toBeFalsy();
    expect(checkProvider(formValuesOf(stored), false)).toMatchObject({
      ok: false,
      fields: { clientSecret: IDENTITY_PROVIDER_MESSAGES.clientSecretRequired },
    });
  });

  it("shows the shared schema's messages by their fields", () => {
    const checked = checkProvider({ ...formValuesOf(undefined), kind: "saml", autoApprove: true }, false);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fields.idpCertificate).toBe(IDENTITY_PROVIDER_MESSAGES.certificate);
    expect(checked.fields.displayName).toBe("Display name is required");
    expect(checked.fields.emailDomains).toBe(IDENTITY_PROVIDER_MESSAGES.domainsForAutoApprove);
  });

  it("shows a server refusal by its field, or above the form when it names none", () => {
    const validation = new ApiError(
      400,
      "Bad Request",
      JSON.stringify({
        code: "VALIDATION_ERROR",
        message: IDENTITY_PROVIDER_MESSAGES.domain,
        details: [{ field: "emailDomains.1", message: IDENTITY_PROVIDER_MESSAGES.domain }],
      }),
    );
    expect(serverErrorsOf(validation, "fallback")).toEqual({
      fields: { emailDomains: IDENTITY_PROVIDER_MESSAGES.domain },
      form: undefined,
    });
    const discovery = new ApiError(
      400,
      "Bad Request",
      JSON.stringify({ code: "OIDC_DISCOVERY_FAILED", message: IDENTITY_PROVIDER_MESSAGES.discoveryFailed }),
    );
    expect(serverErrorsOf(discovery, "fallback")).toEqual({
      fields: {},
      form: IDENTITY_PROVIDER_MESSAGES.discoveryFailed,
    });
  });
});
