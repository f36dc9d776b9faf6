import { z } from "zod";
import { ALL_DISCIPLINES } from "../constants.ts";
import { id, idParams, isoDateTime, pageQuery, searchText, text } from "./common.ts";

export const PROJECT_STATUSES = ["active", "completed", "archived"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

const field = text("An answer").trim().max(5000, "Each answer must be at most 5,000 characters").default("");

/** spec A §3: the wizard form, kept whole with the project. */
export const methodologySchema = z.strictObject({
  discipline: text("Discipline").trim().max(60, "Discipline must be at most 60 characters").default("select"),
  pivotConcepts: field,
  assessmentBoundaries: field,
  launchApplications: field,
  collaborationMethods: field,
  coreAssessment: field,
  applicationAssessment: field,
  antiOverloadMeasures: field,
  timeline: field,
  classSize: field,
  resources: field,
  successMetrics: field,
});
export type Methodology = z.infer<typeof methodologySchema>;

const title = text("Title", "Title is required")
  .trim()
  .min(1, "Title is required")
  .min(3, "Title must be at least 3 characters")
  .max(160, "Title must be at most 160 characters");

export const createProjectSchema = z.strictObject({
  title,
  discipline: z.enum(ALL_DISCIPLINES, { error: "Please select a discipline" }),
  templateId: id("template id").optional(),
  methodology: methodologySchema,
  /** Optional; when sent it must be the caller's own id (ARCHITECTURE: security rules). */
  facultyId: id("faculty id").optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

/** The project screen's form (its title and methodology; status is saved on its own). */
export const editProjectSchema = createProjectSchema.pick({ title: true, methodology: true });

export const updateProjectSchema = z
  .strictObject({
    title: title.optional(),
    discipline: z.enum(ALL_DISCIPLINES, { error: "Please select a discipline" }).optional(),
    status: z.enum(PROJECT_STATUSES, { error: "Status must be active, completed or archived" }).optional(),
    methodology: methodologySchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Nothing to update",
  });
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

export const projectIdParamsSchema = idParams("id", "project id");

/** How a list of projects can be ordered: newest first, last changed first, or by title. */
export const PROJECT_SORTS = ["newest", "updated", "title"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** GET /api/projects/faculty/:facultyId: a page of one's projects (X-Total-Count: how many match). */
export const projectListQuerySchema = z.object({
  q: searchText(200, "Search must be at most 200 characters").optional(),
  status: z.enum(PROJECT_STATUSES, { error: "Status must be active, completed or archived" }).optional(),
  sort: z.enum(PROJECT_SORTS, { error: "Sort must be newest, updated or title" }).default("newest"),
  ...pageQuery,
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

/** The methodology as stored and answered: every answer of the wizard, as text. */
const methodologyAnswerSchema = z.object({
  discipline: z.string(),
  pivotConcepts: z.string(),
  assessmentBoundaries: z.string(),
  launchApplications: z.string(),
  collaborationMethods: z.string(),
  coreAssessment: z.string(),
  applicationAssessment: z.string(),
  antiOverloadMeasures: z.string(),
  timeline: z.string(),
  classSize: z.string(),
  resources: z.string(),
  successMetrics: z.string(),
}) satisfies z.ZodType<Methodology>;

/** A project as its owner reads it (only the owner: it carries the contribution link's secret). */
export const projectSchema = z.object({
  id: z.number(),
  facultyId: z.number(),
  title: z.string(),
  discipline: z.string(),
  status: z.enum(PROJECT_STATUSES),
  templateId: z.number().nullable(),
  methodology: methodologyAnswerSchema,
  /** The secret of the project's student contribution link /contribute/{token}. */
  contributionToken: z.string(),
  /** Students join with it; owner only, like the contribution link. */
  joinCode: z.string(),
  joiningOpen: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Project = z.infer<typeof projectSchema>;

/** A project in the list of one's projects: also how many contributions wait for review. */
export const projectListItemSchema = projectSchema.extend({ pendingContributions: z.number().int() });
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

/** POST /api/projects/:id/contribution-token: the new secret (the old link stops working). */
export const contributionTokenResponseSchema = projectSchema.pick({ contributionToken: true });
export type ContributionTokenResponse = z.infer<typeof contributionTokenResponseSchema>;
