import { z } from "zod";
import { isoDateTime } from "./common.ts";

/**
 * Pacing: what the product decides from a class's practice and check-ins (scheduling fitted to the
 * course, launch readiness, suggestions from cognitive load), each explained and each switched off
 * per project by its owner.
 */

/** The predicted recall at the launch date below which a student still needs review of a concept. */
export const READINESS_THRESHOLD_DEFAULT = 0.8;

/** A project's fit needs at least this many reviews (long-term ones, from its enrolled students)… */
export const FIT_MIN_REVIEWS = 1000;
/** …from at least this many students. */
export const FIT_MIN_STUDENTS = 10;
/** A student gets parameters of their own only from this many reviews of their own. */
export const STUDENT_FIT_MIN_REVIEWS = 1000;

const launchDateInput = z.iso
  .datetime({
    offset: true,
    error: "Launch date must be a date and time (ISO 8601, e.g. 2026-03-02T17:00:00Z)",
  })
  .nullable();

/** The owner's switches and settings of a project's pacing (each optional in a change). */
export const pacingOptionsInputSchema = z
  .object({
    fittedScheduling: z.boolean({ error: "Fitted scheduling must be true or false" }),
    readiness: z.boolean({ error: "Launch readiness must be true or false" }),
    suggestions: z.boolean({ error: "Pacing suggestions must be true or false" }),
    launchWaitsForReadiness: z.boolean({ error: "Waiting for readiness must be true or false" }),
    /** A launch date of the instructor's own, instead of the first launch milestone's due date. */
    launchDate: launchDateInput,
    readinessThreshold: z
      .number({ error: "Readiness threshold must be a number" })
      .min(0.5, { error: "Readiness threshold must be between 50 % and 99 %" })
      .max(0.99, { error: "Readiness threshold must be between 50 % and 99 %" }),
  })
  .partial()
  .strict();
export type PacingOptionsInput = z.infer<typeof pacingOptionsInputSchema>;

export const pacingOptionsSchema = z.object({
  fittedScheduling: z.boolean(),
  readiness: z.boolean(),
  suggestions: z.boolean(),
  launchWaitsForReadiness: z.boolean(),
  launchDate: isoDateTime.nullable(),
  readinessThreshold: z.number(),
});
export type PacingOptions = z.infer<typeof pacingOptionsSchema>;

export const PACING_DEFAULTS: PacingOptions = {
  fittedScheduling: true,
  readiness: true,
  suggestions: true,
  launchWaitsForReadiness: false,
  launchDate: null,
  readinessThreshold: READINESS_THRESHOLD_DEFAULT,
};

/* ---- Launch readiness ---- */

export const READINESS_MESSAGES = {
  off: "Launch readiness is off for this project.",
  noLaunch: "Add a launch milestone or set a launch date to see whether the class is ready.",
  noConcepts: "Link pivot cards with practice items to this project to see whether the class is ready.",
  noStudents: "No students have joined this project yet.",
  strengthenFirst: "Strengthen these concepts first",
  /** The launch milestone's hand-in while its project waits for readiness and the student is not ready. */
  handInWaits: (concepts: string) =>
    `This milestone waits until you have strengthened these concepts: ${concepts}. Practise them, then hand in.`,
} as const;

const launchSchema = z
  .object({
    date: isoDateTime,
    /** The launch milestone the date comes from; null when the project's owner set the date. */
    milestone: z.object({ id: z.number(), title: z.string() }).nullable(),
  })
  .nullable();

const conceptRecallSchema = z.object({ pivotCardId: z.number(), title: z.string(), recall: z.number() });

/** GET /api/projects/:id/readiness: the class's predicted recall at the launch, per pivot concept. */
export const readinessSchema = z.object({
  status: z.enum(["ready", "review", "off", "no-launch", "no-concepts", "no-students"]),
  /** Why there are no figures (off, no launch, no concepts, no students); null with figures. */
  message: z.string().nullable(),
  launch: launchSchema,
  threshold: z.number(),
  launchWaitsForReadiness: z.boolean(),
  studentCount: z.number(),
  verdict: z.string().nullable(),
  why: z.string().nullable(),
  concepts: z.array(
    z.object({
      pivotCardId: z.number(),
      title: z.string(),
      meanRecall: z.number(),
      studentsBelow: z.number(),
      shareBelow: z.number(),
      ready: z.boolean(),
    }),
  ),
  /** The students who most need review (the instructor's only), most concepts below first. */
  students: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      meanRecall: z.number(),
      concepts: z.array(conceptRecallSchema),
    }),
  ),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /api/student/projects/:id/readiness: the student's own concepts below the threshold at the launch. */
export const studentReadinessSchema = z.object({
  launch: launchSchema,
  threshold: z.number(),
  /** The project's launch milestone waits for this student's readiness (the hand-in is held). */
  waits: z.boolean(),
  /** Every pivot concept of the project with the student's predicted recall of it at the launch. */
  recall: z.array(conceptRecallSchema),
  /** The concepts below the threshold, lowest first: the ones to strengthen. */
  concepts: z.array(conceptRecallSchema),
  /** How many of their items of these concepts are below the threshold (the practice session's size). */
  itemCount: z.number(),
});
export type StudentReadiness = z.infer<typeof studentReadinessSchema>;
