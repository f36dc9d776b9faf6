import { z } from "zod";
import { isoDateTime } from "./common.ts";

/**
 * Scheduling fitted to a course (docs/decisions/0062-fitted-scheduling.md): a project's FSRS
 * parameters fitted to its students' review log, used while the owner's `fittedScheduling` switch
 * (pacing) is on and the fit predicts held-out students' reviews better than the defaults.
 */
export const SCHEDULING_FIT_OUTCOMES = ["fitted", "kept-defaults", "not-enough-data", "failed"] as const;
export type SchedulingFitOutcome = (typeof SCHEDULING_FIT_OUTCOMES)[number];

/** How well a set of parameters predicts the held-out reviews: log loss and RMSE (binned), lower is better. */
export const fitFiguresSchema = z.object({ logLoss: z.number(), rmse: z.number() });
export type FitFigures = z.infer<typeof fitFiguresSchema>;

export const schedulingFitSchema = z.object({
  /** What the project's students are scheduled with now. */
  inUse: z.enum(["defaults", "fitted", "switched-off"]),
  /** The owner's switch (pacing): off, the defaults schedule whatever was fitted. */
  fittedScheduling: z.boolean(),
  /** When the parameters fitted were saved (null: never). */
  fittedAt: isoDateTime.nullable(),
  /** The long-term reviews and students the last attempt with figures read, and how many it held out. */
  reviews: z.number().int(),
  students: z.number().int(),
  heldOutReviews: z.number().int(),
  /** On the held-out reviews: the defaults' figures and the fitted parameters' (null: no attempt with figures). */
  defaults: fitFiguresSchema.nullable(),
  fitted: fitFiguresSchema.nullable(),
  outcome: z.enum(SCHEDULING_FIT_OUTCOMES).nullable(),
  /** Why, in one sentence with its numbers. */
  reason: z.string().nullable(),
  attemptedAt: isoDateTime.nullable(),
  /** A fit the owner asked for, waiting or running (null: none). */
  job: z.enum(["queued", "running"]).nullable(),
  /** Students scheduled with parameters of their own. */
  studentsWithOwnParameters: z.number().int(),
  /** The data there is now, and what a fit needs. */
  data: z.object({
    reviews: z.number().int(),
    students: z.number().int(),
    neededReviews: z.number().int(),
    neededStudents: z.number().int(),
    enough: z.boolean(),
  }),
});
export type SchedulingFit = z.infer<typeof schedulingFitSchema>;

/**
 * How much lower the fitted parameters' log loss on the held-out reviews must be than the
 * defaults' (with an RMSE no higher) for them to be used: less is noise of the split.
 */
export const FIT_MIN_LOG_LOSS_GAIN = 0.001;
