import {
  type Arrow,
  type Averages,
  type Colour,
  EXTRANEOUS_TARGET,
  GERMANE_TARGET,
  HARMFUL_INTERRUPTIONS_PER_HOUR,
  HIGH_EFFORT,
  HIGH_INTRINSIC,
  INDICATOR_IDS,
  INDICATOR_LABELS,
  INTERRUPTION_PAUSE_MINUTES,
  type IndicatorId,
  MEASURES,
  type Measure,
  MIN_RESPONSES,
  round,
  type Severity,
  severityOf,
  TREND_THRESHOLD,
} from "./cognitive-load.ts";
import type { Totals } from "./cognitive-load-totals.ts";

/* ---- Colours (spec §9) ---- */

export const effortColour = (value: number): Colour => (value <= 5 ? "green" : value <= 7 ? "amber" : "red");
export const extraneousColour = (value: number): Colour =>
  value <= EXTRANEOUS_TARGET ? "green" : value <= 5 ? "amber" : "red";
export const germaneColour = (value: number): Colour =>
  value >= GERMANE_TARGET ? "green" : value >= 4 ? "amber" : "red";

export interface Colours {
  mentalEffort: Colour;
  extraneousLoad: Colour;
  germaneLoad: Colour;
}
export const coloursOf = (averages: Averages): Colours => ({
  mentalEffort: effortColour(averages.mentalEffort),
  extraneousLoad: extraneousColour(averages.extraneousLoad),
  germaneLoad: germaneColour(averages.germaneLoad),
});

/* ---- Trends (spec §9) ---- */

/** Above +0.2 up, below -0.2 down, else neutral (the change rounded to 2 decimals first). */
export const trendArrow = (delta: number): Arrow => {
  const change = round(delta);
  return change > TREND_THRESHOLD ? "up" : change < -TREND_THRESHOLD ? "down" : "neutral";
};

export interface Trend {
  /** Current minus previous period, or null when either has fewer than 3 responses. */
  change: number | null;
  arrow: Arrow;
}
export function trendsOf(current: Averages | undefined, previous: Averages | undefined) {
  return Object.fromEntries(
    MEASURES.map((measure) => {
      if (!current || !previous) return [measure, { change: null, arrow: "neutral" }];
      const change = round(current[measure] - previous[measure]);
      return [measure, { change, arrow: trendArrow(change) }];
    }),
  ) as Record<Measure, Trend>;
}

/* ---- Indicators with frequency and severity ---- */

export interface Indicator {
  id: IndicatorId;
  indicator: string;
  /** Percent of the check-ins it held for, one decimal. */
  frequency: number;
  held: number;
  severity: Severity;
}
export function indicatorsOf(totals: Totals): Indicator[] {
  if (totals.responses < MIN_RESPONSES) return [];
  return INDICATOR_IDS.map((id) => {
    const frequency = round((totals.held[id] * 100) / totals.responses, 1);
    return {
      id,
      indicator: INDICATOR_LABELS[id],
      frequency,
      held: totals.held[id],
      severity: severityOf(frequency),
    };
  });
}

/* ---- Interventions: proposed from what holds, each with why ---- */

export interface Intervention {
  id: string;
  title: string;
  action: string;
  why: string;
}

const fmt = (value: number) => value.toFixed(1);

/**
 * `pivot` is the averages of the pivot check-ins of the slice (undefined below 3 responses): worked
 * examples are a pivot-phase remedy.
 */
export function interventionsOf(
  averages: Averages | undefined,
  indicators: readonly Indicator[],
  pivot: Averages | undefined,
): Intervention[] {
  if (!averages) return [];
  const out: Intervention[] = [];
  const severityOfId = (id: IndicatorId) => indicators.find((i) => i.id === id)?.severity ?? "low";
  if (averages.interruptionCount > HARMFUL_INTERRUPTIONS_PER_HOUR)
    out.push({
      id: "interruptions",
      title: "Batch notifications and add an interruption pause",
      action: `Ask students to silence notifications during focused work, check messages in batches, and keep a ${INTERRUPTION_PAUSE_MINUTES}-minute pause free of interruptions at the start of each task.`,
      why: `Students reported ${fmt(averages.interruptionCount)} interruptions an hour; more than ${HARMFUL_INTERRUPTIONS_PER_HOUR} an hour is harmful to learning.`,
    });
  if (pivot && pivot.intrinsicLoad > HIGH_INTRINSIC)
    out.push({
      id: "worked-examples",
      title: "Use worked examples in the pivot phase",
      action:
        "Show fully worked examples of the core concept before asking for problem solving, then fade the steps (completion problems).",
      why: `Intrinsic load in the pivot phase is ${fmt(pivot.intrinsicLoad)} out of 10 (above ${HIGH_INTRINSIC}): the core concept is complex for these students.`,
    });
  if (averages.extraneousLoad > EXTRANEOUS_TARGET)
    out.push({
      id: "split-attention",
      title: "Remove split attention",
      action:
        "Put explanations next to the diagrams and code they describe, remove redundant material, and give one clear set of instructions in one place.",
      why: `Extraneous load is ${fmt(averages.extraneousLoad)} out of 10, above the target of at most ${EXTRANEOUS_TARGET.toFixed(1)}: the way material is presented costs effort that does not help learning.`,
    });
  if (averages.germaneLoad < GERMANE_TARGET)
    out.push({
      id: "self-explanation",
      title: "Prompt self-explanation and varied practice",
      action:
        "Add self-explanation prompts and ask students to apply the concept in a second, different launch context.",
      why: `Germane load is ${fmt(averages.germaneLoad)} out of 10, below the target of at least ${GERMANE_TARGET.toFixed(1)}: students invest little effort in building understanding.`,
    });
  if (averages.mentalEffort > HIGH_EFFORT || severityOfId("effort") !== "low")
    out.push({
      id: "sequencing",
      title: "Break tasks into smaller steps",
      action: "Split the task into steps from simple to complex and give a checklist of the steps.",
      why: `Mean mental effort is ${fmt(averages.mentalEffort)} on the 1-9 scale, and ${indicators.find((i) => i.id === "effort")?.frequency ?? 0}% of check-ins report effort of 8 or 9.`,
    });
  if (severityOfId("technostress") !== "low")
    out.push({
      id: "tools",
      title: "Reduce and introduce tools",
      action: "Use fewer tools per task and give a short guided introduction to each new one.",
      why: `${indicators.find((i) => i.id === "technostress")?.frequency ?? 0}% of check-ins report technostress of 6 or 7 on the 1-7 scale.`,
    });
  if (averages.timeToRefocus > 5 || severityOfId("refocus") !== "low")
    out.push({
      id: "resumption",
      title: "Give resumption cues",
      action:
        "Ask students to note where they stopped before any break, and structure tasks with visible checkpoints to resume from.",
      why: `Students need ${fmt(averages.timeToRefocus)} minutes on average to refocus after an interruption, and ${indicators.find((i) => i.id === "refocus")?.frequency ?? 0}% needed more than 5.`,
    });
  return out;
}
