import { z } from "zod";
import { ACCOUNT_LIMITS, REGISTRATION_ROLES } from "../account.ts";
import { facultySchema } from "./auth.ts";
import { isoDateTime, text } from "./common.ts";

// Institution sign-in: the identity providers the super admin configures (Administration → Sign-in)
// and the calls of the sign-in flow (docs/decisions/0056-institution-sign-in.md).

export const IDENTITY_PROVIDER_KINDS = ["oidc", "saml"] as const;
export type IdentityProviderKind = (typeof IDENTITY_PROVIDER_KINDS)[number];

export const IDENTITY_PROVIDER_MESSAGES = {
  notFound: "Sign-in option not found",
  domainsForAutoApprove: "Add at least one e-mail domain to approve accounts automatically",
  kindFixed: "A sign-in option's kind cannot change. Add a new one instead.",
  clientSecretRequired: "Client secret is required",
  certificate:
    "Paste the identity provider's signing certificate (PEM, starting with -----BEGIN CERTIFICATE-----)",
  domain: "Each e-mail domain must look like example.edu",
  discoveryFailed: "The issuer's OpenID configuration could not be read. Check the issuer address.",
  testExpired: "This test result has expired or was already shown. Run the test again.",
} as const;

const shortText = (label: string, max: number = ACCOUNT_LIMITS.shortTextMax) =>
  text(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const httpUrl = (label: string) =>
  text(label)
    .trim()
    .max(2000, `${label} is too long`)
    .refine(
      (value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol),
      `${label} must be an http:// or https:// address`,
    );

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const emailDomain = text("E-mail domain")
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ""))
  .refine((value) => DOMAIN.test(value), IDENTITY_PROVIDER_MESSAGES.domain);

const claimValues = (label: string) =>
  z.array(shortText(label, 200), { error: `${label} must be a list` }).max(50, `${label}: at most 50 values`);

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\s+[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;

/** What every kind of provider has. */
const common = {
  displayName: shortText("Display name", 80),
  institution: shortText("Institution"),
  enabled: z.boolean({ error: "Enabled must be true or false" }).default(true),
  emailDomains: z
    .array(emailDomain, { error: "E-mail domains must be a list" })
    .max(50, "At most 50 e-mail domains")
    .default([]),
  autoApprove: z.boolean({ error: "Automatic approval must be true or false" }).default(false),
  defaultRole: z.enum(REGISTRATION_ROLES, { error: "Default role must be instructor or student" }),
  /** The claim (OIDC) or attribute (SAML) that names the person's role, e.g. eduPersonAffiliation. */
  roleClaim: shortText("Role claim", 200).optional(),
  instructorValues: claimValues("Instructor values").default([]),
  studentValues: claimValues("Student values").default([]),
  /** Whether the members of the institution may still sign in with a password. */
  passwordSignIn: z.boolean({ error: "Password sign-in must be true or false" }).default(true),
};

const oidcFields = {
  kind: z.literal("oidc"),
  issuer: httpUrl("Issuer"),
  clientId: shortText("Client ID", 300),
};
const clientSecret = text("Client secret")
  .trim()
  .min(1, IDENTITY_PROVIDER_MESSAGES.clientSecretRequired)
  .max(1000, "Client secret is too long");

const samlFields = {
  kind: z.literal("saml"),
  entryPoint: httpUrl("Single sign-on URL"),
  idpIssuer: shortText("Identity provider entity ID", 500),
  idpCertificate: text("Signing certificate")
    .trim()
    .max(20_000, IDENTITY_PROVIDER_MESSAGES.certificate)
    .refine((value) => PEM_CERTIFICATE.test(value), IDENTITY_PROVIDER_MESSAGES.certificate),
};

const needsDomainsToAutoApprove = (input: { autoApprove: boolean; emailDomains: string[] }) =>
  !input.autoApprove || input.emailDomains.length > 0;
const domainsRule = { message: IDENTITY_PROVIDER_MESSAGES.domainsForAutoApprove, path: ["emailDomains"] };

/** POST /api/admin/identity-providers: a new provider; an OIDC one needs its client secret. */
export const createIdentityProviderSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.strictObject({ ...common, ...oidcFields, clientSecret }),
      z.strictObject({ ...common, ...samlFields }),
    ],
    { error: "Kind must be oidc or saml" },
  )
  .refine(needsDomainsToAutoApprove, domainsRule);
export type CreateIdentityProviderInput = z.infer<typeof createIdentityProviderSchema>;

/** PUT /api/admin/identity-providers/:id: the whole provider; a client secret left out is kept. */
export const updateIdentityProviderSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.strictObject({ ...common, ...oidcFields, clientSecret: clientSecret.optional() }),
      z.strictObject({ ...common, ...samlFields }),
    ],
    { error: "Kind must be oidc or saml" },
  )
  .refine(needsDomainsToAutoApprove, domainsRule);
export type UpdateIdentityProviderInput = z.infer<typeof updateIdentityProviderSchema>;

export const identityProviderParams = z.object({
  id: z.uuid({ error: IDENTITY_PROVIDER_MESSAGES.notFound }),
});

/** The addresses the identity provider's administrator needs. */
const serviceAddresses = z.object({
  /** OIDC: the redirect URI to register. */
  redirectUri: z.string().optional(),
  /** SAML: the entity id, the assertion consumer service, the metadata. */
  entityId: z.string().optional(),
  acsUrl: z.string().optional(),
  metadataUrl: z.string().optional(),
});

const commonAnswer = {
  id: z.string(),
  displayName: z.string(),
  institution: z.string(),
  enabled: z.boolean(),
  emailDomains: z.array(z.string()),
  autoApprove: z.boolean(),
  defaultRole: z.enum(REGISTRATION_ROLES),
  roleClaim: z.string().nullable(),
  instructorValues: z.array(z.string()),
  studentValues: z.array(z.string()),
  passwordSignIn: z.boolean(),
  addresses: serviceAddresses,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
};

/** A provider as the API answers it: never its client secret, only whether one is kept. */
export const identityProviderSchema = z.discriminatedUnion("kind", [
  z.object({
    ...commonAnswer,
    kind: z.literal("oidc"),
    issuer: z.string(),
    clientId: z.string(),
    hasClientSecret: z.boolean(),
  }),
  z.object({
    ...commonAnswer,
    kind: z.literal("saml"),
    entryPoint: z.string(),
    idpIssuer: z.string(),
    idpCertificate: z.string(),
  }),
]);
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const identityProviderListSchema = z.object({ providers: z.array(identityProviderSchema) });

/** POST /api/admin/identity-providers/:id/test: where to send the browser to run the test. */
export const testSignInStartSchema = z.object({ url: z.string() });

export const ssoCodeSchema = z.strictObject({
  code: text("Code").trim().min(1, "Code is required").max(200, "Code is too long"),
});

/** What a test sign-in received, and what a real sign-in would have done with it. */
export const testSignInResultSchema = z.object({
  providerId: z.string(),
  displayName: z.string(),
  claims: z.record(z.string(), z.unknown()),
  person: z.object({
    subject: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    name: z.string(),
    role: z.enum(REGISTRATION_ROLES),
  }),
  /** What a first sign-in of this person would do: the account's status, or why it would be refused. */
  outcome: z.string(),
});
export type TestSignInResult = z.infer<typeof testSignInResultSchema>;

/** The enabled providers the sign-in screen offers. */
export const ssoProviderChoiceSchema = z.object({ providerId: z.string(), displayName: z.string() });
export const ssoProvidersSchema = z.object({ providers: z.array(ssoProviderChoiceSchema) });

export const ssoDiscoverQuery = z.object({
  email: text("Email").trim().max(ACCOUNT_LIMITS.emailMax, "Please enter a valid email address"),
});

export const ssoProviderParams = z.object({
  providerId: z.string().max(100, IDENTITY_PROVIDER_MESSAGES.notFound),
});

/**
 * GET /api/auth/identities: the providers an account is linked to (Profile), and whether it has a
 * password (an account made by an institution sign-in has none).
 */
export const linkedIdentitiesSchema = z.object({
  hasPassword: z.boolean(),
  identities: z.array(
    z.object({
      providerId: z.string(),
      displayName: z.string(),
      email: z.string(),
      linkedAt: isoDateTime,
    }),
  ),
});

/** POST /api/auth/sso/exchange: the same answer as the password sign-in. */
export const ssoExchangeResponseSchema = z.object({ sessionId: z.string(), faculty: facultySchema });
