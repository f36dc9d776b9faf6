import { z } from "zod";
import { facultySchema } from "./auth.ts";
import { id, isoDateTime, text } from "./common.ts";

// The LMS bridge (LTI 1.3): what the tool publishes and the super admin's calls.

/** GET /lti/jwks: the tool's public keys (JWK), which platforms verify its signatures with. */
export const ltiJwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** POST /api/admin/lti/keys/rotate: the new signing key's id. */
export const ltiKeyRotationSchema = z.object({ kid: z.string() });

export const LTI_MESSAGES = {
  platformNotFound: "LMS platform not found",
  platformTaken: "A platform with this issuer and client ID is already registered",
  launchExpired: "This LMS launch has expired or was already used. Please launch again from your course.",
  projectNotFound: "Project not found",
} as const;

const requiredText = (label: string, max: number) =>
  text(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const address = (label: string) =>
  requiredText(label, 2000).refine(
    (value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol),
    `${label} must be an http:// or https:// address`,
  );

/** POST /api/admin/lti/platforms, PUT /api/admin/lti/platforms/:id: a platform as its LMS describes it. */
export const ltiPlatformInputSchema = z.strictObject({
  issuer: address("Issuer"),
  clientId: requiredText("Client ID", 300),
  authLoginUrl: address("Authentication request URL"),
  authTokenUrl: address("Access token URL"),
  keysetUrl: address("Keyset URL"),
  deploymentIds: z
    .array(requiredText("Deployment ID", 255), { error: "Deployment IDs must be a list" })
    .min(1, "Add at least one deployment ID")
    .max(50, "At most 50 deployment IDs"),
  institution: requiredText("Institution", 160),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInputSchema>;

export const ltiPlatformParams = z.object({ id: z.uuid({ error: LTI_MESSAGES.platformNotFound }) });

/** What the LMS's administrator enters on their side, and Canvas's developer key JSON. */
export const ltiToolAddressesSchema = z.object({
  jwksUrl: z.string(),
  loginUrl: z.string(),
  launchUrl: z.string(),
  deepLinkingUrl: z.string(),
  canvasConfiguration: z.record(z.string(), z.unknown()),
});

export const ltiPlatformSchema = z.object({
  id: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  authLoginUrl: z.string(),
  authTokenUrl: z.string(),
  keysetUrl: z.string(),
  deploymentIds: z.array(z.string()),
  institution: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  tool: ltiToolAddressesSchema,
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

// Dynamic registration (IMS LTI Dynamic Registration 1.0), by an invitation the super admin makes.

export const LTI_REGISTRATION_MESSAGES = {
  invitationInvalid:
    "This registration link is unknown, already used or expired. Ask your Pivot & Launch administrator for a new one.",
  requestInvalid:
    "The LMS did not send a valid configuration address (openid_configuration). Start the registration from the LMS.",
  configurationUnreachable: "The LMS's configuration could not be read. Try again in a moment.",
  configurationInvalid:
    "The LMS's configuration lacks its issuer, authorization, token, keyset or registration address.",
  issuerMismatch:
    "The LMS's issuer is not on the site of its configuration address, so the registration is refused.",
  registrationRefused: "The LMS refused the registration. Start it again from the LMS.",
  registrationUnreachable: "The LMS's registration address could not be reached. Try again in a moment.",
  clientIdMissing: "The LMS's answer to the registration named no client ID.",
  otherInstitution: "This LMS registration already belongs to another institution.",
} as const;

/** POST /api/admin/lti/registration-invitations: the institution the registered LMS will serve. */
export const ltiRegistrationInvitationInputSchema = z.strictObject({
  institution: requiredText("Institution", 160),
});
export type LtiRegistrationInvitationInput = z.infer<typeof ltiRegistrationInvitationInputSchema>;

/** The address to give the LMS's administrator (shown once: only its hash is kept), and its end. */
export const ltiRegistrationInvitationSchema = z.object({ url: z.string(), expiresAt: isoDateTime });
export type LtiRegistrationInvitation = z.infer<typeof ltiRegistrationInvitationSchema>;

/** GET /lti/register: the invitation, and what the LMS adds (Dynamic Registration 1.0 §3.3). */
export const ltiRegistrationQuerySchema = z.object({
  invitation: z.string().optional(),
  openid_configuration: z.string().optional(),
  registration_token: z.string().optional(),
});

/** An HTML page for a person in the LMS (the registration's result), documented as text/html. */
export const ltiHtmlPageResponse = (description: string) => ({
  description,
  content: { "text/html": { schema: z.string() } },
});

export type LtiToolAddresses = z.infer<typeof ltiToolAddressesSchema>;

/** GET /api/admin/lti/platforms: the platforms, and the tool's addresses even before the first one. */
export const ltiPlatformListSchema = z.object({
  platforms: z.array(ltiPlatformSchema),
  tool: ltiToolAddressesSchema,
});

// A launch, after the LMS's id_token was checked.

/** POST /api/lti/exchange: the one-time code of `/lti/complete`. */
export const ltiCodeSchema = z.strictObject({
  code: text("Code").trim().min(1, "Code is required").max(200, "Code is too long"),
});

/** Where a launch leads: a screen, or a sentence when there is nowhere to go yet. */
export const ltiLaunchNextSchema = z.union([
  z.object({ path: z.string() }),
  z.object({ message: z.string() }),
]);
export type LtiLaunchNext = z.infer<typeof ltiLaunchNextSchema>;

export const ltiExchangeResponseSchema = z.object({
  sessionId: z.string(),
  faculty: facultySchema,
  next: ltiLaunchNextSchema,
});

export const ltiLaunchParams = z.object({ id: z.uuid({ error: LTI_MESSAGES.launchExpired }) });

/** GET /api/lti/launches/:id: what the project picker says about the launch. */
export const ltiLaunchSummarySchema = z.object({
  id: z.string(),
  messageType: z.enum(["LtiResourceLinkRequest", "LtiDeepLinkingRequest"]),
  courseTitle: z.string().nullable(),
  linkTitle: z.string().nullable(),
  /** The LMS's host name. */
  lms: z.string(),
});
export type LtiLaunchSummary = z.infer<typeof ltiLaunchSummarySchema>;

/** POST /api/lti/launches/:id/link: the project the course's link opens. */
export const ltiLinkInputSchema = z.strictObject({ projectId: id("project id") });
export const ltiLinkResultSchema = z.object({ path: z.string() });

/** POST /api/lti/launches/:id/deep-link: the project to add to the course, and its Practice. */
export const ltiDeepLinkInputSchema = z.strictObject({
  projectId: id("project id"),
  practice: z.boolean({ error: "Practice must be true or false" }).default(false),
});
/** The signed LtiDeepLinkingResponse, for the browser to post to the LMS. */
export const ltiDeepLinkResultSchema = z.object({ returnUrl: z.string(), jwt: z.string() });

// A project's LMS links, its roster sync (NRPS) and its grades (AGS): the project owner's calls.

export const LTI_SERVICE_MESSAGES = {
  /** Followed by what went wrong (the LMS's status, or that it could not be reached). */
  rosterUnreadable: "The LMS roster could not be read: ",
  noRoster: "None of this project's LMS courses offers its roster.",
  noGrades: "None of this project's LMS links has a grade column to send scores to.",
} as const;

/** A student who was not enrolled from the LMS's roster, and why. */
export const ltiSkippedMemberSchema = z.object({ name: z.string(), reason: z.string() });

/** A practice score the LMS did not take: the student, and the LMS's answer. */
export const ltiFailedScoreSchema = z.object({ name: z.string(), detail: z.string() });

/** One resource link of an LMS course linked to the project (GET /api/projects/:id/lti). */
export const ltiProjectLinkSchema = z.object({
  id: z.string(),
  /** The LMS: its issuer and the institution it was registered for. */
  issuer: z.string(),
  institution: z.string(),
  courseTitle: z.string().nullable(),
  /** Whether the course's roster (NRPS) and a grade column (AGS) are available. */
  rosterAvailable: z.boolean(),
  gradesAvailable: z.boolean(),
  /** The last roster sync of the link's course by this server (manual or daily); null: none since it started. */
  rosterSyncedAt: isoDateTime.nullable(),
  /** The last score the LMS took for this link. */
  gradesSentAt: isoDateTime.nullable(),
  failedScores: z.array(ltiFailedScoreSchema.extend({ attemptedAt: isoDateTime })),
});
export type LtiProjectLink = z.infer<typeof ltiProjectLinkSchema>;

export const ltiProjectLinksSchema = z.object({ links: z.array(ltiProjectLinkSchema) });
export type LtiProjectLinks = z.infer<typeof ltiProjectLinksSchema>;

/** POST /api/projects/:id/lti/roster-sync */
export const ltiRosterSyncSchema = z.object({
  added: z.number(),
  removed: z.number(),
  skipped: z.array(ltiSkippedMemberSchema),
  syncedAt: isoDateTime,
});
export type LtiRosterSync = z.infer<typeof ltiRosterSyncSchema>;

/** POST /api/projects/:id/lti/grades: scores sent, refused (with why), and students with no LMS account. */
export const ltiGradeSendSchema = z.object({
  sent: z.number(),
  failed: z.array(ltiFailedScoreSchema),
  skipped: z.number(),
});
export type LtiGradeSend = z.infer<typeof ltiGradeSendSchema>;
