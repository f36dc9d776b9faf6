import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";

/** What a provider of each kind needs besides its rules (the OIDC client secret is sealed apart). */
export type ProviderSettings =
  | { kind: "oidc"; issuer: string; clientId: string }
  | { kind: "saml"; entryPoint: string; idpIssuer: string; idpCertificate: string };

/** An institution's identity provider (Administration → Sign-in). */
export const identityProviderTable = pgTable("identity_provider", {
  id: uuid("id").primaryKey(),
  kind: text("kind", { enum: ["oidc", "saml"] }).notNull(),
  displayName: text("display_name").notNull(),
  institution: text("institution").notNull(),
  enabled: boolean("enabled").notNull(),
  emailDomains: jsonb("email_domains").$type<string[]>().notNull(),
  autoApprove: boolean("auto_approve").notNull(),
  defaultRole: text("default_role", { enum: ["instructor", "student"] }).notNull(),
  roleClaim: text("role_claim"),
  instructorValues: jsonb("instructor_values").$type<string[]>().notNull(),
  studentValues: jsonb("student_values").$type<string[]>().notNull(),
  passwordSignIn: boolean("password_sign_in").notNull(),
  settings: jsonb("settings").$type<ProviderSettings>().notNull(),
  /** The OIDC client secret, sealed (lib/secret-box.ts) and bound to the provider's id. */
  clientSecretSealed: text("client_secret_sealed"),
  ...timestampColumns(),
});

/**
 * A sign-in started at a provider and not yet finished: kept in the database so that any instance
 * can finish it. `id` is the OIDC state or the SAML RelayState; used once, then deleted.
 */
export const ssoFlowTable = pgTable(
  "sso_flow",
  {
    id: text("id").primaryKey(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => identityProviderTable.id, { onDelete: "cascade" }),
    /** A real sign-in, or the super admin's test that creates nothing. */
    purpose: text("purpose", { enum: ["sign-in", "test"] }).notNull(),
    /** OIDC: the nonce and the PKCE code verifier. */
    nonce: text("nonce"),
    codeVerifier: text("code_verifier"),
    /** SAML: the AuthnRequest's ID the response must answer. */
    requestId: text("request_id"),
    /** The address of Pivot & Launch the flow started at (PUBLIC_URL, else the request's origin). */
    baseUrl: text("base_url").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sso_flow_provider_idx").on(table.providerId),
    index("sso_flow_expires_idx").on(table.expiresAt),
  ],
);

/**
 * A one-time code handed to the browser at the end of a flow (`/sso/complete?code=`): exchanged once,
 * within a minute, for a session (sign-in) or for the claims received (test). Only its hash is kept.
 */
export const ssoCodeTable = pgTable(
  "sso_code",
  {
    codeHash: text("code_hash").primaryKey(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => identityProviderTable.id, { onDelete: "cascade" }),
    facultyId: integer("faculty_id").references(() => facultyTable.id, { onDelete: "cascade" }),
    /** A test's result: the claims received and what a sign-in would have done. */
    testResult: jsonb("test_result").$type<Record<string, unknown>>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sso_code_provider_idx").on(table.providerId),
    index("sso_code_faculty_idx").on(table.facultyId),
    index("sso_code_expires_idx").on(table.expiresAt),
  ],
);

/** A person's account at a provider (OIDC `sub`, SAML NameID), linked to one account here. */
export const facultyIdentityTable = pgTable(
  "faculty_identity",
  {
    providerId: uuid("provider_id")
      .notNull()
      .references(() => identityProviderTable.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    email: text("email").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.subject] }),
    index("faculty_identity_faculty_idx").on(table.facultyId),
  ],
);

export type IdentityProviderRow = typeof identityProviderTable.$inferSelect;
export type SsoFlowRow = typeof ssoFlowTable.$inferSelect;
