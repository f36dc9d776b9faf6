import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
