import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

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

/**
 * A third-party initiated login (`/lti/login`) waiting for its launch: the state names it, the
 * nonce must come back in the id_token. Kept in the database, not a cookie, so a launch inside the
 * LMS's iframe works whatever the browser does with third-party cookies; taken once.
 */
export const ltiLoginStateTable = pgTable(
  "lti_login_state",
  {
    state: text("state").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatformTable.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("lti_login_state_expires_idx").on(table.expiresAt),
    index("lti_login_state_platform_idx").on(table.platformId),
  ],
);

/** A person of a platform (the id_token's `sub`), linked to one account here. */
export const ltiIdentityTable = pgTable(
  "lti_identity",
  {
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatformTable.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platformId, table.subject] }),
    index("lti_identity_faculty_idx").on(table.facultyId),
  ],
);

/** What a validated launch said, for the steps after it (the project picker, deep linking). */
export interface LtiLaunchClaims {
  messageType: "LtiResourceLinkRequest" | "LtiDeepLinkingRequest";
  role: "instructor" | "student";
  contextId: string | null;
  contextTitle: string | null;
  resourceLinkId: string | null;
  resourceLinkTitle: string | null;
  /** Names and Role Provisioning Services: the course's membership address. */
  membershipsUrl: string | null;
  /** Assignment and Grade Services: the course's line items, and this link's own line item. */
  lineItemsUrl: string | null;
  lineItemUrl: string | null;
  /** Deep linking: where the answer goes, and the opaque data to send back. */
  deepLinkReturnUrl: string | null;
  deepLinkData: string | null;
  /** The link's custom parameters (a deep-linked link carries its sealed project). */
  custom?: Record<string, unknown>;
}

/**
 * A validated launch: who it signed in, and what the LMS said. The browser gets a one-time code
 * (only its hash is kept) that it trades for a session and for where to go; the launch row itself
 * stays an hour for the picker and deep-linking steps, which name it by id.
 */
export const ltiLaunchTable = pgTable(
  "lti_launch",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatformTable.id, { onDelete: "cascade" }),
    deploymentId: text("deployment_id").notNull(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    claims: jsonb("claims").$type<LtiLaunchClaims>().notNull(),
    codeHash: text("code_hash").unique(),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("lti_launch_expires_idx").on(table.expiresAt),
    index("lti_launch_faculty_idx").on(table.facultyId),
    index("lti_launch_platform_idx").on(table.platformId),
  ],
);

/**
 * A resource link of an LMS course, linked to a project: launches through it land there. The
 * course's membership and line-item addresses (from the latest launch) serve roster sync and grades.
 */
export const ltiProjectLinkTable = pgTable(
  "lti_project_link",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatformTable.id, { onDelete: "cascade" }),
    deploymentId: text("deployment_id").notNull(),
    contextId: text("context_id").notNull(),
    contextTitle: text("context_title"),
    resourceLinkId: text("resource_link_id").notNull(),
    projectId: cascadingId("project_id", () => projectTable.id),
    membershipsUrl: text("memberships_url"),
    lineItemsUrl: text("line_items_url"),
    /** The Practice link's line item, which practice scores are posted to. */
    lineItemUrl: text("line_item_url"),
    /** When the course's roster was last synced into the project. */
    rosterSyncedAt: timestamp("roster_synced_at", { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex("lti_project_link_resource_unique").on(
      table.platformId,
      table.deploymentId,
      table.resourceLinkId,
    ),
    index("lti_project_link_project_idx").on(table.projectId),
  ],
);

export type LtiProjectLinkRow = typeof ltiProjectLinkTable.$inferSelect;

/** The last practice score posted (or tried) for a student to a link's line item. */
export const ltiScoreSendTable = pgTable(
  "lti_score_send",
  {
    linkId: uuid("link_id")
      .notNull()
      .references(() => ltiProjectLinkTable.id, { onDelete: "cascade" }),
    studentId: cascadingId("student_id", () => facultyTable.id),
    score: integer("score").notNull(),
    status: text("status", { enum: ["sent", "failed"] }).notNull(),
    /** Why the last attempt failed (the service's status and message). */
    detail: text("detail"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.studentId] }),
    index("lti_score_send_student_idx").on(table.studentId),
  ],
);

/**
 * An invitation the super admin makes for dynamic registration: its address, opened by the LMS's
 * administrator, registers the tool for the institution named here. Used once; only its hash is kept.
 */
export const ltiRegistrationInvitationTable = pgTable(
  "lti_registration_invitation",
  {
    tokenHash: text("token_hash").primaryKey(),
    institution: text("institution").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    platformId: uuid("platform_id").references(() => ltiPlatformTable.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lti_registration_invitation_platform_idx").on(table.platformId)],
);
