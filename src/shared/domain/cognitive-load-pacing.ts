import {
  type Averages,
  EXTRANEOUS_TARGET,
  HIGH_EFFORT,
  HIGH_INTRINSIC,
  MIN_RESPONSES,
  round,
} from "./cognitive-load.ts";
import { indicatorsOf } from "./cognitive-load-findings.ts";
import { averagesOf, type Totals } from "./cognitive-load-totals.ts";

/**
 * Pacing from cognitive load (spec B §9; docs/decisions/0063-pacing-suggestions.md): where one
 * project's recent check-ins of a stage show high load, the slice's interventions become actions in
 * the product, each recorded when applied so that its effect can be read from later check-ins.
 */

/** The stages whose load the pacing reads (assessment check-ins have no pacing remedy here). */
export const PACING_STAGES = ["pivot", "launch"] as const;
export type PacingStage = (typeof PACING_STAGES)[number];

export const PACING_ACTION_KINDS = [
  "worked-example",
  "split-deliverable",
  "review-session",
  "move-due-date",
] as const;
export type PacingActionKind = (typeof PACING_ACTION_KINDS)[number];

/** The measures a pressure is read on, recorded before an action and compared after it. */
export const PACING_MEASURES = ["mentalEffort", "intrinsicLoad", "extraneousLoad"] as const;
export type PacingMeasure = (typeof PACING_MEASURES)[number];

/** An applied action's effect: the stage's check-ins this many days before and after it. */
export const EFFECT_WINDOW_DAYS = 14;

/** The title of the milestone the one-click action creates. */
export const REVIEW_SESSION_TITLE = "Pivot review session";
/** How many of the lowest-recall concepts the review session names as deliverables. */
export const REVIEW_SESSION_CONCEPTS = 3;

/** Why a stage is under pressure: the rule that held, with its figure and threshold. */
export interface StagePressure {
  stage: PacingStage;
  responses: number;
  averages: Averages;
  reasons: Array<"effort" | "extraneous" | "intrinsic">;
}

/**
 * The stages of one project whose check-ins (at least MIN_RESPONSES) show high mental effort (a mean
 * above HIGH_EFFORT, or the effort indicator not low), extraneous load above EXTRANEOUS_TARGET, or,
 * in the pivot stage, intrinsic load above HIGH_INTRINSIC.
 */
export function pressuresOf(byStage: Partial<Record<PacingStage, Totals>>): StagePressure[] {
  return PACING_STAGES.flatMap((stage) => {
    const totals = byStage[stage];
    const averages = totals ? averagesOf(totals) : undefined;
    if (!totals || !averages) return [];
    const effort = indicatorsOf(totals).find((indicator) => indicator.id === "effort");
    const reasons: StagePressure["reasons"] = [];
    if (averages.mentalEffort > HIGH_EFFORT || (effort && effort.severity !== "low")) reasons.push("effort");
    if (averages.extraneousLoad > EXTRANEOUS_TARGET) reasons.push("extraneous");
    if (stage === "pivot" && averages.intrinsicLoad > HIGH_INTRINSIC) reasons.push("intrinsic");
    return reasons.length ? [{ stage, responses: totals.responses, averages, reasons }] : [];
  });
}

/** The actions each intervention of cognitive-load-findings.ts leads to, most direct first. */
const ACTIONS_OF: Record<string, readonly PacingActionKind[]> = {
  "worked-examples": ["worked-example", "review-session"],
  "split-attention": ["worked-example", "split-deliverable"],
  sequencing: ["split-deliverable", "review-session", "move-due-date"],
  "self-explanation": ["worked-example"],
  interruptions: ["move-due-date"],
  tools: ["split-deliverable"],
  resumption: ["split-deliverable"],
};

/** The kinds of action an intervention leads to (none for an id it does not know). */
export const interventionActionKinds = (interventionId: string): readonly PacingActionKind[] =>
  Object.hasOwn(ACTIONS_OF, interventionId) ? (ACTIONS_OF[interventionId] ?? []) : [];

/** The kinds of action an intervention gets while a stage is under pressure (none otherwise). */
export const actionKindsOf = (interventionId: string, pressures: readonly StagePressure[]) =>
  pressures.length ? interventionActionKinds(interventionId) : [];

const DAY_MS = 86_400_000;

/**
 * The review session's due date: two days before the next launch milestone, or the day before when
 * that is already past; null when even the day before is not after `now` (never in the past).
 */
export function reviewSessionDueAt(launchDueAt: Date, now: Date): Date | null {
  for (const days of [2, 1]) {
    const due = new Date(launchDueAt.getTime() - days * DAY_MS);
    if (due.getTime() > now.getTime()) return due;
  }
  return null;
}

/** One side of an effect: the means of the measures, or why they are withheld. */
export interface EffectSide {
  responses: number;
  means: Record<PacingMeasure, number> | null;
  notice: string | null;
}

export const notEnoughCheckIns = (responses: number) =>
  `Not enough check-ins yet (${responses} of ${MIN_RESPONSES})`;

/** The means of the pacing measures over these totals, withheld below the privacy threshold. */
export function effectSideOf(totals: Totals): EffectSide {
  const averages = averagesOf(totals);
  if (!averages)
    return { responses: totals.responses, means: null, notice: notEnoughCheckIns(totals.responses) };
  return {
    responses: totals.responses,
    means: {
      mentalEffort: averages.mentalEffort,
      intrinsicLoad: averages.intrinsicLoad,
      extraneousLoad: averages.extraneousLoad,
    },
    notice: null,
  };
}

/** A class mastery (0 to 1) as the sentence states it: a whole percent. */
export const masteryPercent = (mastery: number) => Math.round(round(mastery * 100));
