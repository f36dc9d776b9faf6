import { z } from "zod";
import { PEER_DIMENSION_IDS, PEER_RATING_SCALE } from "../domain/peer-dimensions.ts";
import { id, idParam, isoDateTime, text } from "./common.ts";

/**
 * Peer and self evaluation of a milestone's team work on CATME's five dimensions: the owner opens
 * it until a close date, students rate themselves and each teammate, the owner reads factors and
 * flags, edits and releases comments, and may override an individual score with a reason.
 */

export const PEER_COMMENT_MAX = 2_000;

export const PEER_MESSAGES = {
  notFound: "No peer evaluation for this milestone",
  milestoneNotFound: "Milestone not found",
  closed: (date: string) => `The peer evaluation closed on ${date}`,
  noTeam: "You are not in a published team of this project, so there is no one to rate",
  selfFirst: "Rate yourself first: your self-rating comes before your teammates'",
  studentNotFound: "studentId: this student is not in a team of the project",
  ratingNotFound: "No such rating to edit",
} as const;

const closesAt = z.iso
  .datetime({ offset: true, error: "closesAt must be a date and time (ISO 8601, e.g. 2026-03-02T17:00:00Z)" })
  .refine((value) => !Number.isNaN(Date.parse(value)), "closesAt must be a real date");

/** POST /api/milestones/:id/peer-evaluation: opens it (or changes its close date and options). */
export const peerEvaluationInputSchema = z.strictObject({
  closesAt,
  /** Whether each student sees their own factor once released. */
  showFactor: z.boolean({ error: "showFactor must be true or false" }).default(false),
});
export type PeerEvaluationInput = z.input<typeof peerEvaluationInputSchema>;

const rating = z
  .number({
    error: `A rating must be a whole number from ${PEER_RATING_SCALE.min} to ${PEER_RATING_SCALE.max}`,
  })
  .int(`A rating must be a whole number from ${PEER_RATING_SCALE.min} to ${PEER_RATING_SCALE.max}`)
  .min(PEER_RATING_SCALE.min, `A rating must be from ${PEER_RATING_SCALE.min} to ${PEER_RATING_SCALE.max}`)
  .max(PEER_RATING_SCALE.max, `A rating must be from ${PEER_RATING_SCALE.min} to ${PEER_RATING_SCALE.max}`);

/** PUT /api/student/milestones/:id/peer-evaluation: the student's ratings (self and teammates). */
export const peerRatingsInputSchema = z.strictObject({
  ratings: z
    .array(
      z.strictObject({
        rateeId: id("rateeId"),
        ratings: z.strictObject(
          Object.fromEntries(PEER_DIMENSION_IDS.map((dimension) => [dimension, rating])) as Record<
            (typeof PEER_DIMENSION_IDS)[number],
            typeof rating
          >,
          { error: `ratings must give each of the five dimensions: ${PEER_DIMENSION_IDS.join(", ")}` },
        ),
        comment: text("Comment")
          .trim()
          .max(
            PEER_COMMENT_MAX,
            `Comment must be at most ${PEER_COMMENT_MAX.toLocaleString("en")} characters`,
          )
          .default(""),
      }),
      { error: "ratings must be a list" },
    )
    .min(1, "ratings must rate at least one person")
    .max(20, "ratings must have at most 20 entries"),
});
export type PeerRatingsInput = z.input<typeof peerRatingsInputSchema>;
export type PeerRatingsWrite = z.output<typeof peerRatingsInputSchema>;

/** PUT /api/milestones/:id/peer-evaluation/comment: the owner's edit of a comment before it reaches its student. */
export const peerCommentEditSchema = z.strictObject({
  raterId: id("raterId"),
  rateeId: id("rateeId"),
  comment: text("Comment")
    .trim()
    .max(PEER_COMMENT_MAX, `Comment must be at most ${PEER_COMMENT_MAX.toLocaleString("en")} characters`),
});

/** PUT /api/milestones/:id/peer-evaluation/overrides/:studentId */
export const scoreOverrideInputSchema = z.strictObject({
  score: z
    .number({ error: "score must be a number" })
    .min(0, "score must be 0 or more")
    .max(100, "score must be at most 100"),
  reason: text("Reason")
    .trim()
    .min(1, "Reason is required")
    .max(500, "Reason must be at most 500 characters"),
});

export const overrideParamsSchema = z.object({
  id: idParam("milestone id"),
  studentId: idParam("student id"),
});

const dimensionScores = z.record(z.string(), z.number().nullable());

const memberEvaluationSchema = z.object({
  id: z.number(),
  name: z.string(),
  received: z.number().nullable(),
  receivedByDimension: dimensionScores,
  raters: z.number(),
  self: z.number().nullable(),
  factor: z.number(),
  factorReason: z.string().nullable(),
  flags: z.array(z.object({ kind: z.string(), message: z.string() })),
  /** The team's score for the milestone times the factor; null until the team's work is scored. */
  individualScore: z.number().nullable(),
  override: z.object({ score: z.number(), reason: z.string(), at: isoDateTime }).nullable(),
});

/** GET /api/milestones/:id/peer-evaluation: everything, for the owner. */
export const ownerPeerEvaluationSchema = z.object({
  milestone: z.object({ id: z.number(), projectId: z.number(), title: z.string() }),
  evaluation: z
    .object({
      closesAt: isoDateTime,
      showFactor: z.boolean(),
      releasedAt: isoDateTime.nullable(),
      openedAt: isoDateTime,
    })
    .nullable(),
  teams: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** The team's score for the milestone (its work's final assessment), null until scored. */
      score: z.number().nullable(),
      flags: z.array(z.object({ kind: z.string(), message: z.string() })),
      members: z.array(memberEvaluationSchema),
      comments: z.array(
        z.object({
          rater: z.object({ id: z.number(), name: z.string() }),
          ratee: z.object({ id: z.number(), name: z.string() }),
          comment: z.string(),
          /** The owner's edit, which reaches the student instead; null when not edited. */
          editedComment: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type OwnerPeerEvaluation = z.infer<typeof ownerPeerEvaluationSchema>;

/** GET /api/student/milestones/:id/peer-evaluation: the student's form and, once released, what reached them. */
export const studentPeerEvaluationSchema = z.object({
  milestone: z.object({ id: z.number(), projectId: z.number(), title: z.string() }),
  evaluation: z.object({ closesAt: isoDateTime, closed: z.boolean(), released: z.boolean() }).nullable(),
  /** Themself first, then teammates; empty without a published team. */
  people: z.array(z.object({ id: z.number(), name: z.string(), self: z.boolean() })),
  /** The ratings the student gave, by ratee. */
  given: z.array(
    z.object({ rateeId: z.number(), ratings: z.record(z.string(), z.number()), comment: z.string() }),
  ),
  /** Once released: comments teammates wrote to them, anonymous. */
  comments: z.array(z.string()),
  /** Once released, when the owner shows it: their own factor. */
  factor: z.number().nullable(),
});
export type StudentPeerEvaluation = z.infer<typeof studentPeerEvaluationSchema>;
