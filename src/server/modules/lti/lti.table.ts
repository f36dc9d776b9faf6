import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestampColumns } from "../../db/columns.ts";

/**
 * The tool's RSA key pairs for LTI 1.3 (it signs deep-linking responses and service-token
 * assertions with the newest; platforms check them against /lti/jwks). The private key is sealed
 * (lib/secret-box.ts, bound to its kid). A rotated key stays published until `expires_at`, so a
 * platform that cached the keyset still verifies what the old key signed.
 */
export const ltiToolKeyTable = pgTable("lti_tool_key", {
  kid: text("kid").primaryKey(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  privateKeySealed: text("private_key_sealed").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  /** Set when a newer key replaced it: no longer used to sign. */
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  /** Set with `retired_at`: from then on it leaves the keyset. */
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

export type LtiToolKeyRow = typeof ltiToolKeyTable.$inferSelect;

/**
 * An LMS registered with the tool (Administration → LMS, or dynamic registration). Keyed by
 * (issuer, client id): one Canvas issuer serves many institutions, each with its own client id.
 */
export const ltiPlatformTable = pgTable(
  "lti_platform",
  {
    id: uuid("id").primaryKey(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    authLoginUrl: text("auth_login_url").notNull(),
    authTokenUrl: text("auth_token_url").notNull(),
    keysetUrl: text("keyset_url").notNull(),
    /** The institution whose accounts its launches make and find. */
    institution: text("institution").notNull(),
    ...timestampColumns(),
  },
  (table) => [uniqueIndex("lti_platform_issuer_client_unique").on(table.issuer, table.clientId)],
);

/** A deployment of the tool in a platform: a launch must name one the platform has. */
export const ltiDeploymentTable = pgTable(
  "lti_deployment",
  {
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatformTable.id, { onDelete: "cascade" }),
    deploymentId: text("deployment_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.platformId, table.deploymentId] })],
);

export type LtiPlatformRow = typeof ltiPlatformTable.$inferSelect;
