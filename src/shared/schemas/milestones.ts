import { z } from "zod";
import { id, idParams, isoDateTime, text } from "./common.ts";

export const MILESTONE_STAGES = ["pivot", "launch", "final"] as const;
export type MilestoneStage = (typeof MILESTONE_STAGES)[number];

/** Most deliverables one milestone lists, and the length of each. */
export const MILESTONE_DELIVERABLES_MAX = 20;

export const MILESTONE_MESSAGES = {
  notFound: "Milestone not found",
  feedNotFound: "Calendar feed not found",
  rubricNotFound: "Rubric not found",
  teamSubmissionLocked:
    "Work was already handed in for this milestone: it can no longer switch between team and individual submissions",
} as const;

const title = text("Title", "Title is required")
  .trim()
  .min(1, "Title is required")
  .max(160, "Title must be at most 160 characters");

const dueAt = z.iso
  .datetime({ offset: true, error: "Due date must be a date and time (ISO 8601, e.g. 2026-03-02T17:00:00Z)" })
  .refine((value) => !Number.isNaN(Date.parse(value)), "Due date must be a real date")
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year <= 2200;
  }, "Due date must be between the years 2000 and 2200");

const deliverable = text("Each deliverable")
  .trim()
  .min(1, "Each deliverable must have some text")
  .max(300, "Each deliverable must be at most 300 characters");

/** A milestone as the owner writes it (POST creates, PUT replaces). */
export const milestoneInputSchema = z.strictObject({
  title,
  stage: z.enum(MILESTONE_STAGES, { error: "Stage must be pivot, launch or final" }),
  dueAt,
  description: text("Description")
    .trim()
    .max(5000, "Description must be at most 5,000 characters")
    .default(""),
  deliverables: z
    .array(deliverable, { error: "Deliverables must be a list of texts" })
    .max(MILESTONE_DELIVERABLES_MAX, `At most ${MILESTONE_DELIVERABLES_MAX} deliverables`)
    .default([]),
  rubricId: id("rubric id").nullable().default(null),
  /** One submission per team, any member hands it in (false on create, kept on update when absent). */
  teamSubmission: z.boolean({ error: "Team submission must be true or false" }).optional(),
  /** true closes it to submissions (sets closedAt), false opens it again. */
  closed: z.boolean({ error: "Closed must be true or false" }).optional(),
});
export type MilestoneInput = z.input<typeof milestoneInputSchema>;
export type MilestoneWrite = z.output<typeof milestoneInputSchema>;

export const milestoneIdParamsSchema = idParams("id", "milestone id");

export const milestoneSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  title: z.string(),
  stage: z.enum(MILESTONE_STAGES),
  dueAt: isoDateTime,
  description: z.string(),
  deliverables: z.array(z.string()),
  rubricId: z.number().nullable(),
  teamSubmission: z.boolean(),
  closedAt: isoDateTime.nullable(),
  feedbackReleasedAt: isoDateTime.nullable(),
  /** Due outside the project's range (its creation day to creation + its timeline's weeks). */
  outsideRange: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const milestoneListSchema = z.object({ milestones: z.array(milestoneSchema) });

/** A suggestion: a milestone input not saved yet. */
export const suggestedMilestoneSchema = z.object({
  title: z.string(),
  stage: z.enum(MILESTONE_STAGES),
  dueAt: isoDateTime,
  description: z.string(),
  deliverables: z.array(z.string()),
});
export type SuggestedMilestone = z.infer<typeof suggestedMilestoneSchema>;
export const milestoneSuggestionsSchema = z.object({ milestones: z.array(suggestedMilestoneSchema) });

/** A milestone as an enrolled student reads it: with whether they handed in work. */
export const studentMilestoneSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  title: z.string(),
  stage: z.enum(MILESTONE_STAGES),
  dueAt: isoDateTime,
  description: z.string(),
  deliverables: z.array(z.string()),
  closed: z.boolean(),
  submitted: z.boolean(),
  feedbackReleased: z.boolean(),
});
export type StudentMilestone = z.infer<typeof studentMilestoneSchema>;
export const studentMilestoneListSchema = z.object({ milestones: z.array(studentMilestoneSchema) });

/** What is due across a student's projects. */
export const dueMilestoneSchema = studentMilestoneSchema.extend({ projectTitle: z.string() });
export type DueMilestone = z.infer<typeof dueMilestoneSchema>;
export const dueMilestoneListSchema = z.object({ milestones: z.array(dueMilestoneSchema) });

/** A person's private calendar address of one project. */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarTokenParamsSchema = z.object({
  token: z.string({ error: "Invalid calendar token" }).max(200, "Invalid calendar token"),
});
