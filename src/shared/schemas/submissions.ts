import { z } from "zod";
import { idParams, isoDateTime, searchText, text } from "./common.ts";

/** Work handed in against a milestone, its assessment with the rubric, and released feedback. */

export const SUBMISSION_TEXT_MAX = 20_000;
export const SUBMISSION_LINK_MAX = 2_000;
export const SUBMISSION_FILES_MAX = 10;
export const ASSESSMENT_COMMENT_MAX = 5_000;
export const ASSESSMENT_OVERALL_MAX = 20_000;

export const SUBMISSION_MESSAGES = {
  empty: "Add text, a link or a file to hand in",
  textTooLong: "Text must be at most 20,000 characters",
  link: "Link must be an http:// or https:// address",
  linkTooLong: "Link must be at most 2,000 characters",
  tooManyFiles: "Hand in at most 10 files",
  uploadId: "Each file must be an upload id",
  duplicateFile: "A file is listed twice",
  milestoneNotFound: "Milestone not found",
  submissionNotFound: "Submission not found",
  fileNotFound: "File not found",
  closed: (title: string) => `${title} is closed and no longer takes submissions`,
  notInTeam: "You are not in a team yet: your instructor forms the teams",
  noRubric: "This milestone has no rubric to assess with",
  unknownCriterion: (id: string) => `scores: unknown criterion "${id}"`,
  unknownLevel: (title: string) => `scores: "${title}" has no such level`,
  repeatedCriterion: (id: string) => `scores: criterion "${id}" is scored twice`,
} as const;

const HTTP_LINK = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/milestones/:id/submissions: text, a link, files from the signed upload flow; one at least. */
export const submissionInputSchema = z
  .strictObject({
    text: text("Text").max(SUBMISSION_TEXT_MAX, SUBMISSION_MESSAGES.textTooLong).default(""),
    link: text("Link")
      .trim()
      .max(SUBMISSION_LINK_MAX, SUBMISSION_MESSAGES.linkTooLong)
      .refine((value) => value === "" || HTTP_LINK.test(value), SUBMISSION_MESSAGES.link)
      .nullish(),
    uploadIds: z
      .array(z.string({ error: SUBMISSION_MESSAGES.uploadId }).regex(UUID, SUBMISSION_MESSAGES.uploadId), {
        error: "uploadIds must be a list of upload ids",
      })
      .max(SUBMISSION_FILES_MAX, SUBMISSION_MESSAGES.tooManyFiles)
      .refine((ids) => new Set(ids).size === ids.length, SUBMISSION_MESSAGES.duplicateFile)
      .default([]),
  })
  .refine((input) => input.text.trim() !== "" || !!input.link || input.uploadIds.length > 0, {
    message: SUBMISSION_MESSAGES.empty,
    path: ["text"],
  });
export type SubmissionInput = z.infer<typeof submissionInputSchema>;

export const milestoneIdParamsSchema = idParams("id", "milestone id");
export const submissionIdParamsSchema = idParams("id", "submission id");
export const submissionFileIdParamsSchema = idParams("id", "file id");

export const submissionSearchQuerySchema = z.object({
  q: searchText(200, "q must be at most 200 characters").optional(),
});

export const submissionFileSchema = z.object({
  id: z.number(),
  originalName: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int(),
});
export type SubmissionFile = z.infer<typeof submissionFileSchema>;

/** One version of a student's work for a milestone. */
export const submissionVersionSchema = z.object({
  id: z.number(),
  milestoneId: z.number(),
  studentId: z.number(),
  version: z.number().int(),
  text: z.string(),
  link: z.string().nullable(),
  late: z.boolean(),
  submittedAt: isoDateTime,
  files: z.array(submissionFileSchema),
});
export type SubmissionVersion = z.infer<typeof submissionVersionSchema>;

const levelSchema = z.object({ title: z.string(), descriptor: z.string(), points: z.number() });
export const assessmentRubricSchema = z.object({
  id: z.number(),
  title: z.string(),
  criteria: z.array(
    z.object({ id: z.string(), title: z.string(), weight: z.number(), levels: z.array(levelSchema) }),
  ),
});
export type AssessmentRubric = z.infer<typeof assessmentRubricSchema>;

/** The milestone as the submission screens show it. */
export const submissionMilestoneSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  title: z.string(),
  stage: z.enum(["pivot", "launch", "final"]),
  dueAt: isoDateTime,
  description: z.string(),
  deliverables: z.array(z.string()),
  /** One submission per team, any member hands it in. */
  teamSubmission: z.boolean(),
  closedAt: isoDateTime.nullable(),
  feedbackReleasedAt: isoDateTime.nullable(),
});
export type SubmissionMilestone = z.infer<typeof submissionMilestoneSchema>;

/** A final assessment as its student reads it once the milestone's feedback is released. */
export const releasedFeedbackSchema = z.object({
  scores: z.array(
    z.object({
      criterionId: z.string(),
      criterionTitle: z.string(),
      level: z.number().int(),
      levelTitle: z.string(),
      points: z.number(),
      comment: z.string(),
    }),
  ),
  overallComment: z.string(),
  score: z.number(),
});
export type ReleasedFeedback = z.infer<typeof releasedFeedbackSchema>;

const teamMemberSchema = z.object({ id: z.number(), name: z.string() });

/**
 * GET /api/student/milestones/:id: the milestone, the student's versions (of a team milestone,
 * their published team's, each with its submitter in studentId), released feedback only.
 */
export const studentMilestoneSchema = z.object({
  milestone: submissionMilestoneSchema,
  rubric: assessmentRubricSchema.nullable(),
  /** The student's published team for a team milestone; null otherwise. */
  team: z.object({ name: z.string(), members: z.array(teamMemberSchema) }).nullable(),
  versions: z.array(submissionVersionSchema.extend({ feedback: releasedFeedbackSchema.nullable() })),
});
export type StudentMilestone = z.infer<typeof studentMilestoneSchema>;

export const ASSESSMENT_STATUSES = ["draft", "final"] as const;

export const assessmentInputSchema = z.strictObject({
  scores: z
    .array(
      z.strictObject({
        criterionId: text("criterionId")
          .min(1, "criterionId is required")
          .max(100, "criterionId is too long"),
        level: z
          .number({ error: "level must be a number" })
          .int("level must be a whole number")
          .min(0, "level must be 0 or more")
          .max(100, "level must be at most 100"),
        comment: text("Comment")
          .max(ASSESSMENT_COMMENT_MAX, "Comment must be at most 5,000 characters")
          .default(""),
      }),
      { error: "scores must be a list" },
    )
    .max(100, "scores must have at most 100 entries"),
  overallComment: text("Overall comment")
    .max(ASSESSMENT_OVERALL_MAX, "Overall comment must be at most 20,000 characters")
    .default(""),
  status: z.enum(ASSESSMENT_STATUSES, { error: 'status must be "draft" or "final"' }),
});
export type AssessmentInput = z.infer<typeof assessmentInputSchema>;

export const assessmentSchema = z.object({
  submissionId: z.number(),
  scores: z.array(z.object({ criterionId: z.string(), level: z.number().int(), comment: z.string() })),
  overallComment: z.string(),
  score: z.number(),
  status: z.enum(ASSESSMENT_STATUSES),
  assessedAt: isoDateTime,
});
export type Assessment = z.infer<typeof assessmentSchema>;

/**
 * One enrolled student's line of the instructor's list: none handed in, or the latest version. A
 * team milestone has one line per team (studentId null, teamId, the team's name and members), then
 * a line for each student in no team (teamId null).
 */
export const submissionRowSchema = z.object({
  studentId: z.number().nullable(),
  teamId: z.number().nullable().optional(),
  members: z.array(teamMemberSchema).optional(),
  name: z.string(),
  latest: z
    .object({ id: z.number(), version: z.number().int(), late: z.boolean(), submittedAt: isoDateTime })
    .nullable(),
  versions: z.number().int(),
  assessment: z.object({ status: z.enum(ASSESSMENT_STATUSES), score: z.number() }).nullable(),
});
export type SubmissionRow = z.infer<typeof submissionRowSchema>;

export const milestoneSubmissionsSchema = z.object({
  milestone: submissionMilestoneSchema,
  rubric: assessmentRubricSchema.nullable(),
  students: z.array(submissionRowSchema),
});
export type MilestoneSubmissions = z.infer<typeof milestoneSubmissionsSchema>;

/** GET /api/submissions/:id: one version, the student's versions side by side, its assessment. */
export const submissionDetailSchema = z.object({
  milestone: submissionMilestoneSchema,
  rubric: assessmentRubricSchema.nullable(),
  /** Who handed this version in. */
  student: z.object({ id: z.number(), name: z.string() }),
  /** The team whose version it is (a team milestone); null otherwise. */
  team: z.object({ id: z.number(), name: z.string(), members: z.array(teamMemberSchema) }).nullable(),
  submission: submissionVersionSchema,
  /** Every version of the student's (or the team's), each with its own assessment's status and score (or none). */
  versions: z.array(
    submissionVersionSchema.extend({
      assessment: z.object({ status: z.enum(ASSESSMENT_STATUSES), score: z.number() }).nullable(),
    }),
  ),
  assessment: assessmentSchema.nullable(),
});
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

export const feedbackReleaseSchema = z.object({ feedbackReleasedAt: isoDateTime });
