import { z } from "zod";
import { idParams, isoDateTime, text } from "./common.ts";

export const ENROLMENT_MESSAGES = {
  unknownCode: "No project has this join code, or joining is closed",
  rateLimited: "Too many attempts to join. Please wait a minute and try again.",
  instructorsOnly: "Only students join projects. Share the join code with your students.",
  notEnrolled: "Project not found.",
  notOnRoster: "This student is not on the project's roster.",
  removedByInstructor: "Your instructor removed you from this project. Ask them to re-admit you.",
  notRemoved: "This student was not removed from this project.",
} as const;

/** POST /api/student/join: the code as typed (normalised by the server, see domain/join-code.ts). */
export const joinProjectSchema = z.strictObject({
  code: text("Join code", "Join code is required")
    .trim()
    .min(1, "Join code is required")
    .max(40, "Join code must be at most 40 characters"),
});
export type JoinProjectInput = z.infer<typeof joinProjectSchema>;

/** PUT /api/projects/:id/joining */
export const joiningSchema = z.strictObject({
  open: z.boolean({ error: "open must be true or false" }),
});

/** The owner's view of joining: the code and whether it is accepted. */
export const joinCodeResponseSchema = z.object({ joinCode: z.string(), joiningOpen: z.boolean() });
export type JoinCodeResponse = z.infer<typeof joinCodeResponseSchema>;

export const rosterParamsSchema = z.object({
  ...idParams("id", "project id").shape,
  ...idParams("studentId", "student id").shape,
});

/** How a student came to the roster: with the join code (or re-admitted), or from the LMS. */
export const ENROLMENT_SOURCES = ["join-code", "lms"] as const;
export type EnrolmentSource = (typeof ENROLMENT_SOURCES)[number];

/** One enrolled student as the project's owner sees them: name, join date and how they came. */
export const rosterEntrySchema = z.object({
  studentId: z.number(),
  name: z.string(),
  joinedAt: isoDateTime,
  source: z.enum(ENROLMENT_SOURCES),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** A student the owner removed, who may join again only once re-admitted. */
export const removedStudentSchema = z.object({
  studentId: z.number(),
  name: z.string(),
  removedAt: isoDateTime,
});
export type RemovedStudent = z.infer<typeof removedStudentSchema>;

/** A project in a student's list: what they need to find it, nothing of the instructor's. */
export const studentProjectListItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  discipline: z.string(),
  joinedAt: isoDateTime,
});
export type StudentProjectListItem = z.infer<typeof studentProjectListItemSchema>;

/** The answer of POST /api/student/join: the project joined (the same whether new or not). */
export const joinedProjectSchema = studentProjectListItemSchema;

export const studentWorkedExampleSchema = z.object({
  id: z.number(),
  title: z.string(),
  steps: z.array(z.string()),
  selfExplanationPrompts: z.array(z.string()),
  completionProblem: z.string(),
});

export const studentPivotCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  discipline: z.string(),
  definition: z.string(),
  constraints: z.string(),
  minimalExample: z.string(),
  counterExample: z.string(),
  misconceptions: z.array(z.string()),
  workedExamples: z.array(studentWorkedExampleSchema),
});

/**
 * A project as an enrolled student reads it: the pivot concepts, the launch
 * brief (the wizard's launch applications), the timeline and the project's pivot cards with their
 * worked examples. Never the instructor's private answers (assessment, class size, resources...),
 * the contribution link, other students or contributions.
 */
export const studentProjectSchema = z.object({
  id: z.number(),
  title: z.string(),
  discipline: z.string(),
  pivotConcepts: z.string(),
  launchBrief: z.string(),
  timeline: z.string(),
  joinedAt: isoDateTime,
  pivotCards: z.array(studentPivotCardSchema),
});
export type StudentProject = z.infer<typeof studentProjectSchema>;
