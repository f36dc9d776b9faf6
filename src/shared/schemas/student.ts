import { z } from "zod";
import { checkInSchema } from "./cognitive-load.ts";
import { id, idParam, isoDateTime, pageQuery, text } from "./common.ts";
import { CONTRIBUTION_CONTENT, CONTRIBUTION_STATUSES, CONTRIBUTION_TYPES } from "./contributions.ts";
import {
  dueLimit,
  gradeIntervals,
  rating,
  retrievalItemContent,
  scheduleState,
  timeZone,
} from "./pivot-assets.ts";

/**
 * The student side: practice with one's own FSRS schedule, contributions and check-ins signed in,
 * the instructor's class figures, and a student's own data (leave, download, delete). Joining and
 * the student's projects are in `enrolment.ts`.
 */

export const STUDENT_MESSAGES = {
  itemNotFound: "Practice item not found.",
  nothingDue: "Nothing is due. Come back tomorrow, or join a project to practise its concepts.",
  contributionSent: "Thank you! Your contribution was sent to your instructor.",
  checkInRecorded: "Thank you! Your check-in was recorded.",
  leftProject: "You left the project. Your practice in it was removed.",
  accountDeleted: "Your account was deleted.",
  passwordIncorrect: "The password is incorrect.",
  emailConfirmationWrong: "That is not your account's e-mail address.",
} as const;

/** Class figures: a student counts as inactive after this many days without a review. */
export const INACTIVE_AFTER_DAYS = 7;
/** The window of the class's retrieval adherence, as for the instructor's own (Pivot Assets). */
export const CLASS_ADHERENCE_DAYS = 30;
/** A student's card mastery in the cache is recomputed when older than this. */
export const CLASS_MASTERY_MAX_AGE_HOURS = 24;

/* ---- Practice ---- */

/** GET /api/student/practice/due?tz=&limit=&projectId= */
export const studentDueQuerySchema = z.strictObject({
  tz: timeZone,
  limit: dueLimit,
  projectId: idParam("project id").optional(),
});
export type StudentDueQuery = z.infer<typeof studentDueQuerySchema>;

/** An item as a student practises it: the question, the answer to reveal, their own schedule. */
export const studentPracticeItemSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  ...retrievalItemContent,
  state: scheduleState,
  nextDue: isoDateTime,
  intervals: gradeIntervals,
});
export type StudentPracticeItem = z.infer<typeof studentPracticeItemSchema>;

export const studentDueListSchema = z.object({
  total: z.number(),
  items: z.array(studentPracticeItemSchema),
});
export type StudentDueList = z.infer<typeof studentDueListSchema>;

/** POST /api/student/reviews: an item of a project the student is enrolled in, graded 1 to 4. */
export const studentReviewSchema = z.strictObject({ itemId: id("item id"), rating });
export type StudentReviewInput = z.infer<typeof studentReviewSchema>;

/** The answer of a review: the item with the student's new schedule. */
export const studentReviewResultSchema = studentPracticeItemSchema;

/** GET /api/student/practice/progress?tz= */
export const studentProgressSchema = z.object({
  timeZone: z.string(),
  /** Items due by the end of today in the zone, new items included. */
  dueToday: z.number(),
  reviewedToday: z.number(),
  /** Days in a row with at least one review, ending today (or yesterday when none yet today). */
  streakDays: z.number(),
  concepts: z.array(
    z.object({
      pivotCardId: z.number(),
      title: z.string(),
      projectId: z.number(),
      projectTitle: z.string(),
      itemCount: z.number(),
      masteryLevel: z.number(),
      masteryColour: z.enum(["green", "amber", "red"]),
    }),
  ),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;

/* ---- Contributions and check-ins, signed in ---- */

/** POST /api/student/projects/:id/contributions: name and e-mail come from the account. */
export const studentContributionSchema = z.strictObject({
  contributionType: z.enum(CONTRIBUTION_TYPES, { error: "Please choose a contribution type" }),
  content: text("Contribution")
    .trim()
    .min(CONTRIBUTION_CONTENT.min, `Contribution must be at least ${CONTRIBUTION_CONTENT.min} characters`)
    .max(CONTRIBUTION_CONTENT.max, `Contribution must be at most ${CONTRIBUTION_CONTENT.max} characters`),
});
export type StudentContributionInput = z.infer<typeof studentContributionSchema>;

/** One of the student's own contributions, with its review state (theirs only). */
export const studentOwnContributionSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  contributionType: z.enum(CONTRIBUTION_TYPES),
  content: z.string(),
  status: z.enum(CONTRIBUTION_STATUSES),
  createdAt: isoDateTime,
});
export type StudentOwnContribution = z.infer<typeof studentOwnContributionSchema>;

/** GET /api/student/contributions?projectId=&limit=&offset=: a page of one's own, newest first. */
export const studentContributionsQuerySchema = z.object({
  projectId: idParam("project id").optional(),
  ...pageQuery,
});
export type StudentContributionsQuery = z.infer<typeof studentContributionsQuerySchema>;

/** GET /api/student/check-ins?limit=&offset=: a page of one's own, newest first. */
export const studentCheckInsQuerySchema = z.object(pageQuery);

/** POST /api/student/projects/:id/check-ins: the Cognitive Load check-in, from the signed-in student. */
export const studentCheckInSchema = checkInSchema;

/** One of the student's own check-ins as they read it back. */
export const studentOwnCheckInSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  context: z.string(),
  mentalEffort: z.number(),
  intrinsicLoad: z.number(),
  extraneousLoad: z.number(),
  germaneLoad: z.number(),
  technostress: z.number(),
  interruptions: z.number(),
  taskMinutes: z.number(),
  refocusMinutes: z.number(),
  remark: z.string().nullable(),
  createdAt: isoDateTime,
});
export type StudentOwnCheckIn = z.infer<typeof studentOwnCheckInSchema>;

/* ---- The instructor's class figures ---- */

export const classConceptSchema = z.object({
  pivotCardId: z.number(),
  title: z.string(),
  itemCount: z.number(),
  /** The class's mean mastery of the concept (students without reviews count as 0); null without students. */
  meanMastery: z.number().nullable(),
  masteryColour: z.enum(["green", "amber", "red"]).nullable(),
  /** The share of enrolled students whose mastery is below 0.6; null without students. */
  shareBelow: z.number().nullable(),
});

/** GET /api/projects/:id/class-mastery?tz= (owner only). */
export const classMasterySchema = z.object({
  projectId: z.number(),
  projectTitle: z.string(),
  students: z.number(),
  /** The oldest moment the figures were computed at (the cache is refreshed when older than a day). */
  asOf: isoDateTime.nullable(),
  concepts: z.array(classConceptSchema),
  /** Reviews done on or before their due day over the last 30 days; null when none fell due. */
  adherence: z.number().nullable(),
  adherenceReason: z.string().nullable(),
  /** Enrolled students without a review in the last 7 days (names only, for the owner). */
  inactiveStudents: z.array(
    z.object({ studentId: z.number(), name: z.string(), lastPracticedAt: isoDateTime.nullable() }),
  ),
});
export type ClassMastery = z.infer<typeof classMasterySchema>;

/** GET /api/pivot-assets/class-mastery?tz=: the class figures of each of one's projects with students. */
export const classMasteryListSchema = z.array(classMasterySchema);

/* ---- A student's data ---- */

/**
 * DELETE /api/student/account: the password confirms, as for an e-mail change; an account without
 * a password (made by an institution sign-in) confirms with its e-mail address instead.
 */
export const deleteAccountSchema = z.strictObject({
  password: text("Password", "Password is required").min(1, "Password is required").max(200),
});

/** GET /api/student/export: everything the student entered, as one JSON file. */
export const studentExportSchema = z.object({
  exportedAt: isoDateTime,
  account: z.object({
    name: z.string(),
    email: z.string(),
    institution: z.string(),
    department: z.string(),
    createdAt: isoDateTime,
  }),
  projects: z.array(z.object({ id: z.number(), title: z.string(), joinedAt: isoDateTime })),
  reviews: z.array(
    z.object({
      itemId: z.number(),
      projectId: z.number(),
      question: z.string(),
      rating: z.number(),
      reviewedAt: isoDateTime,
    }),
  ),
  contributions: z.array(studentOwnContributionSchema),
  checkIns: z.array(studentOwnCheckInSchema),
});
export type StudentExport = z.infer<typeof studentExportSchema>;
