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
