import { z } from "zod";
import { id, idParam, idParams, isoDateTime, pageQuery, searchText, text } from "./common.ts";

/** spec A §3 and §4 */
export const CONTRIBUTION_TYPES = ["suggestion", "reflection", "feedback", "question"] as const;
export const CONTRIBUTION_STATUSES = ["pending", "approved", "implemented", "rejected"] as const;
export type ContributionType = (typeof CONTRIBUTION_TYPES)[number];
export type ContributionStatus = (typeof CONTRIBUTION_STATUSES)[number];
export const CONTRIBUTION_CONTENT = { min: 10, max: 5000 } as const;

/** The student contribution form of the public link /contribute/{token}. */
export const publicContributionSchema = z.strictObject({
  studentName: text("Name", "Name is required")
    .trim()
    .min(1, "Name is required")
    .max(120, "Name must be at most 120 characters"),
  studentEmail: text("Email")
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.union([z.literal(""), z.email("Please enter a valid email address")]))
    .optional()
    .transform((email) => (email ? email.toLowerCase() : undefined)),
  contributionType: z.enum(CONTRIBUTION_TYPES, {
    error: "Type must be suggestion, reflection, feedback or question",
  }),
  content: text("Contribution", `Contribution must be at least ${CONTRIBUTION_CONTENT.min} characters`)
    .trim()
    .min(CONTRIBUTION_CONTENT.min, `Contribution must be at least ${CONTRIBUTION_CONTENT.min} characters`)
    .max(CONTRIBUTION_CONTENT.max, "Contribution must be at most 5,000 characters"),
});
export type PublicContributionInput = z.infer<typeof publicContributionSchema>;

/** POST /api/contributions (signed in): for one's own project, or for any project with its token. */
export const createContributionSchema = publicContributionSchema.extend({
  projectId: id("project id"),
  contributionToken: text("Contribution token").max(100, "Contribution token is too long").optional(),
});
export type CreateContributionInput = z.infer<typeof createContributionSchema>;

export const contributionStatusSchema = z.strictObject({
  status: z.enum(CONTRIBUTION_STATUSES, {
    error: "Status must be pending, approved, implemented or rejected",
  }),
});

export const contributionTokenParamsSchema = z.object({
  token: text("Contribution token")
    .min(1, "Contribution token is required")
    .max(100, "Contribution token is too long"),
});
export const contributionIdParamsSchema = idParams("id", "contribution id");

/** A contribution as its project's owner reads it. */
export const contributionSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  studentName: z.string(),
  studentEmail: z.string().nullable(),
  contributionType: z.enum(CONTRIBUTION_TYPES),
  content: z.string(),
  status: z.enum(CONTRIBUTION_STATUSES),
  createdAt: isoDateTime,
});
export type Contribution = z.infer<typeof contributionSchema>;

/** The filters of a list of contributions: words of the content or the student's name, status, type. */
const contributionFilters = {
  q: searchText(200, "Search must be at most 200 characters").optional(),
  status: z
    .enum(CONTRIBUTION_STATUSES, { error: "Status must be pending, approved, implemented or rejected" })
    .optional(),
  type: z
    .enum(CONTRIBUTION_TYPES, { error: "Type must be suggestion, reflection, feedback or question" })
    .optional(),
};

/** GET /api/contributions/project/:projectId: a page of one project's contributions, newest first. */
export const projectContributionsQuerySchema = z.object({ ...contributionFilters, ...pageQuery });
export type ProjectContributionsQuery = z.infer<typeof projectContributionsQuerySchema>;

/** GET /api/contributions: a page of the contributions to all of one's projects, or to one of them. */
export const ownContributionsQuerySchema = z.object({
  projectId: idParam("project id").optional(),
  ...contributionFilters,
  ...pageQuery,
});
export type OwnContributionsQuery = z.infer<typeof ownContributionsQuerySchema>;

/** A contribution with the title of its project, as the list across one's projects answers it. */
export const ownContributionSchema = contributionSchema.extend({ projectTitle: z.string() });
export type OwnContribution = z.infer<typeof ownContributionSchema>;

/** GET /api/contributions/summary: the figures of Student Collaboration, for one project or all. */
export const contributionSummaryQuerySchema = z.object({ projectId: idParam("project id").optional() });
export const contributionSummarySchema = z.object({
  /** Distinct students, as shared/domain/students.ts counts them (the dashboard's rule too). */
  activeStudents: z.number(),
  total: z.number(),
  pending: z.number(),
  implemented: z.number(),
});
export type ContributionSummary = z.infer<typeof contributionSummarySchema>;

/** GET /api/public/contributions/:token: all the public page learns about the project. */
export const contributionLinkSchema = z.object({ projectTitle: z.string() });
export type ContributionLink = z.infer<typeof contributionLinkSchema>;

/** POST /api/public/contributions/:token: the contribution's id and the thank-you message. */
export const contributionReceiptSchema = z.object({ id: z.number(), message: z.string() });
export type ContributionReceipt = z.infer<typeof contributionReceiptSchema>;

export const CONTRIBUTION_MESSAGES = {
  invalidLink: "This contribution link is not valid any more. Ask your instructor for the current link.",
  received: "Thank you! Your contribution was sent to your instructor.",
  rateLimited: "Too many contributions from this address. Please wait a minute and try again.",
  lookupsLimited: "Too many contribution links tried from this address. Please wait a minute and try again.",
} as const;
