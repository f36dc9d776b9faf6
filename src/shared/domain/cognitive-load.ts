/**
 * Cognitive Load Analytics (spec B §2, §3, §9): every rule over check-ins, written once.
 * The server aggregates check-ins into `Totals` (in SQL for speed, or with `totalsOf` here), and
 * everything the screen shows is computed from totals by the functions below.
 *
 * Instruments (docs/decisions.md, "Cognitive Load Analytics"):
 * - mental effort: Paas (1992), 9 points, 1 very, very low to 9 very, very high mental effort;
 * - intrinsic, extraneous and germane load: the 10-item questionnaire of Leppink et al. (2013),
 *   0 to 10, 3 + 3 + 4 items, each type the mean of its items;
 * - technostress: one item on 1 to 7 (after the technostress-creators scale of Tarafdar et al. 2007);
 * - interruptions during the task and the task's length (interruptions per hour), minutes to refocus.
 */

export const COGNITIVE_CONTEXTS = ["pivot", "launch", "assessment"] as const;
export type CognitiveContext = (typeof COGNITIVE_CONTEXTS)[number];
export const CONTEXT_LABELS: Record<CognitiveContext, string> = {
  pivot: "Pivot",
  launch: "Launch",
  assessment: "Assessment",
};

/**
 * Whose answers a figure is made of (docs/decisions.md, "Check-ins the instructor entered"):
 * `students` are the check-ins students sent themselves (the public link, their signed-in space);
 * `entered` are those the instructor recorded by hand or imported, or sent through the public link
 * while signed in as the project's owner. Only students' check-ins count toward the threshold of 3,
 * and the two are never mixed in one figure: whatever the instructor adds, a figure of students'
 * answers still needs 3 of them.
 */
export const CHECK_IN_ORIGINS = ["students", "entered"] as const;
export type CheckInOrigin = (typeof CHECK_IN_ORIGINS)[number];
export const ORIGIN_LABELS: Record<CheckInOrigin, string> = {
  students: "From students",
  entered: "Entered by you",
};
/** The stored sources of the `entered` series; every other source is a student's own. */
export const ENTERED_SOURCES = ["instructor", "import"] as const;

export const TIMEFRAMES = ["7d", "30d", "semester", "all"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  semester: "This semester",
  all: "All time",
};

/** The ranges of every answer (inclusive). */
export const SCALES = {
  mentalEffort: { min: 1, max: 9 },
  loadItem: { min: 0, max: 10 },
  technostress: { min: 1, max: 7 },
  interruptions: { min: 0, max: 500 },
  taskMinutes: { min: 1, max: 600 },
  refocusMinutes: { min: 0, max: 240 },
} as const;

export const ITEM_COUNTS = { intrinsic: 3, extraneous: 3, germane: 4 } as const;

/** spec §9 and docs/decisions.md, "Cognitive Load Analytics". */
export const MIN_RESPONSES = 3;
export const HARMFUL_INTERRUPTIONS_PER_HOUR = 6;
export const INTERRUPTION_PAUSE_MINUTES = 15;
export const TREND_THRESHOLD = 0.2;
export const DEFAULT_SEMESTER_DAYS = 120;
export const EXTRANEOUS_TARGET = 3;
export const GERMANE_TARGET = 6;
/** Intrinsic load (0 to 10) above this in the pivot phase calls for worked examples. */
export const HIGH_INTRINSIC = 6;
/** Mean mental effort above this (the start of red) calls for smaller steps. */
export const HIGH_EFFORT = 7;
/** Indicator severity by how often it held: at or above 50 % high, at or above 25 % medium. */
export const SEVERITY_HIGH_PERCENT = 50;
export const SEVERITY_MEDIUM_PERCENT = 25;

export const notEnoughResponses = (responses: number) =>
  `Not enough responses yet: ${responses} of ${MIN_RESPONSES}`;

/** One check-in as stored (the items as answered). */
export interface CheckIn {
  context: CognitiveContext;
  mentalEffort: number;
  intrinsicItems: readonly number[];
  extraneousItems: readonly number[];
  germaneItems: readonly number[];
  technostress: number;
  interruptions: number;
  taskMinutes: number;
  refocusMinutes: number;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Each load type is the mean of its items (Leppink et al. 2013). */
export const loadOf = (items: readonly number[]) => mean(items);

/** Interruptions per hour of one task: count × 60 / minutes. */
export const interruptionsPerHour = (interruptions: number, taskMinutes: number) =>
  taskMinutes > 0 ? (interruptions * 60) / taskMinutes : 0;

/** Rounds to `places` decimals, so 5.2 - 5.0 is 0.2 and not 0.20000000000000018. */
export const round = (value: number, places = 2) => {
  const factor = 10 ** places;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/* ---- Overload indicators: rules over single check-ins ---- */

export const INDICATOR_IDS = ["interruptions", "extraneous", "effort", "technostress", "refocus"] as const;
export type IndicatorId = (typeof INDICATOR_IDS)[number];

export const INDICATOR_LABELS: Record<IndicatorId, string> = {
  interruptions: `More than ${HARMFUL_INTERRUPTIONS_PER_HOUR} interruptions an hour`,
  extraneous: "Extraneous load above 5",
  effort: "Mental effort of 8 or 9",
  technostress: "Technostress of 6 or 7",
  refocus: "More than 5 minutes to refocus",
};

/** Whether each rule holds for one check-in. */
export const INDICATOR_RULES: Record<IndicatorId, (checkIn: CheckIn) => boolean> = {
  interruptions: (c) => interruptionsPerHour(c.interruptions, c.taskMinutes) > HARMFUL_INTERRUPTIONS_PER_HOUR,
  extraneous: (c) => loadOf(c.extraneousItems) > 5,
  effort: (c) => c.mentalEffort >= 8,
  technostress: (c) => c.technostress >= 6,
  refocus: (c) => c.refocusMinutes > 5,
};

export type Severity = "high" | "medium" | "low";
export const severityOf = (percent: number): Severity =>
  percent >= SEVERITY_HIGH_PERCENT ? "high" : percent >= SEVERITY_MEDIUM_PERCENT ? "medium" : "low";

/* ---- Totals: what SQL or `totalsOf` sums, and what every figure is computed from ---- */

export interface Totals {
  responses: number;
  mentalEffort: number;
  intrinsicLoad: number;
  extraneousLoad: number;
  germaneLoad: number;
  technostress: number;
  interruptions: number;
  taskMinutes: number;
  refocusMinutes: number;
  /** How many check-ins each indicator held for. */
  held: Record<IndicatorId, number>;
}

export const emptyTotals = (): Totals => ({
  responses: 0,
  mentalEffort: 0,
  intrinsicLoad: 0,
  extraneousLoad: 0,
  germaneLoad: 0,
  technostress: 0,
  interruptions: 0,
  taskMinutes: 0,
  refocusMinutes: 0,
  held: { interruptions: 0, extraneous: 0, effort: 0, technostress: 0, refocus: 0 },
});

export function addTotals(a: Totals, b: Totals): Totals {
  const held = { ...a.held };
  for (const id of INDICATOR_IDS) held[id] += b.held[id];
  return {
    responses: a.responses + b.responses,
    mentalEffort: a.mentalEffort + b.mentalEffort,
    intrinsicLoad: a.intrinsicLoad + b.intrinsicLoad,
    extraneousLoad: a.extraneousLoad + b.extraneousLoad,
    germaneLoad: a.germaneLoad + b.germaneLoad,
    technostress: a.technostress + b.technostress,
    interruptions: a.interruptions + b.interruptions,
    taskMinutes: a.taskMinutes + b.taskMinutes,
    refocusMinutes: a.refocusMinutes + b.refocusMinutes,
    held,
  };
}

export function totalsOf(checkIns: readonly CheckIn[]): Totals {
  const totals = emptyTotals();
  for (const c of checkIns) {
    totals.responses += 1;
    totals.mentalEffort += c.mentalEffort;
    totals.intrinsicLoad += loadOf(c.intrinsicItems);
    totals.extraneousLoad += loadOf(c.extraneousItems);
    totals.germaneLoad += loadOf(c.germaneItems);
    totals.technostress += c.technostress;
    totals.interruptions += c.interruptions;
    totals.taskMinutes += c.taskMinutes;
    totals.refocusMinutes += c.refocusMinutes;
    for (const id of INDICATOR_IDS) if (INDICATOR_RULES[id](c)) totals.held[id] += 1;
  }
  return totals;
}

/** spec §3 currentAverages; `interruptionCount` is per hour over all the time reported. */
export interface Averages {
  mentalEffort: number;
  intrinsicLoad: number;
  extraneousLoad: number;
  germaneLoad: number;
  technostress: number;
  interruptionCount: number;
  timeToRefocus: number;
}
export const MEASURES = [
  "mentalEffort",
  "intrinsicLoad",
  "extraneousLoad",
  "germaneLoad",
  "technostress",
  "interruptionCount",
  "timeToRefocus",
] as const satisfies ReadonlyArray<keyof Averages>;
export type Measure = (typeof MEASURES)[number];

export const MEASURE_LABELS: Record<Measure, string> = {
  mentalEffort: "Mental effort",
  intrinsicLoad: "Intrinsic load",
  extraneousLoad: "Extraneous load",
  germaneLoad: "Germane load",
  technostress: "Technostress",
  interruptionCount: "Interruptions",
  timeToRefocus: "Time to refocus",
};
export const MEASURE_SCALES: Record<Measure, string> = {
  mentalEffort: "1-9",
  intrinsicLoad: "0-10",
  extraneousLoad: "0-10",
  germaneLoad: "0-10",
  technostress: "1-7",
  interruptionCount: "per hour",
  timeToRefocus: "minutes",
};

/** The averages, rounded to 2 decimals; undefined below the privacy threshold. */
export function averagesOf(totals: Totals): Averages | undefined {
  const n = totals.responses;
  if (n < MIN_RESPONSES) return undefined;
  return {
    mentalEffort: round(totals.mentalEffort / n),
    intrinsicLoad: round(totals.intrinsicLoad / n),
    extraneousLoad: round(totals.extraneousLoad / n),
    germaneLoad: round(totals.germaneLoad / n),
    technostress: round(totals.technostress / n),
    interruptionCount: round(interruptionsPerHour(totals.interruptions, totals.taskMinutes)),
    timeToRefocus: round(totals.refocusMinutes / n),
  };
}

/* ---- Colours (spec §9) ---- */

export type Colour = "green" | "amber" | "red";
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

export type Arrow = "up" | "down" | "neutral";
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

/* ---- Time ---- */

const DAY = 86_400_000;

const startOfUtcDay = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/**
 * The first day (UTC midnight) of the current period and of the previous one of the same length,
 * or null for all time. Periods are whole UTC days ending today: "7d" is today and the 6 days before,
 * "30d" today and the 29 before, "semester" from its start date through today.
 */
export function periodOf(
  timeframe: Timeframe,
  now: Date,
  semesterStart: Date,
): { from: Date | null; previousFrom: Date | null } {
  const today = startOfUtcDay(now);
  const from =
    timeframe === "7d"
      ? today - 6 * DAY
      : timeframe === "30d"
        ? today - 29 * DAY
        : timeframe === "semester"
          ? Math.min(today, startOfUtcDay(semesterStart))
          : null;
  if (from === null) return { from: null, previousFrom: null };
  const length = today - from + DAY;
  return { from: new Date(from), previousFrom: new Date(from - length) };
}

/** A day (YYYY-MM-DD) as a Date at UTC midnight, and back. */
export const dayString = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (YYYY-MM-DD) of the week of a day, for weekly chart points. */
export function weekOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return dayString(new Date(at.getTime() - sinceMonday * DAY));
}

/** The default semester start: 120 days before `now`, as a date (YYYY-MM-DD, UTC). */
export const defaultSemesterStart = (now: Date) =>
  new Date(now.getTime() - DEFAULT_SEMESTER_DAYS * DAY).toISOString().slice(0, 10);

/** Buckets of the Detailed Metrics chart: days for 7 and 30 days, weeks beyond. */
export const bucketOf = (timeframe: Timeframe): "day" | "week" =>
  timeframe === "7d" || timeframe === "30d" ? "day" : "week";

/**
 * Pivot Assets' Cognitive Load tile: the mean mental effort (1-9, one decimal) of
 * all the instructor's check-ins, or null with its reason (none, or fewer than 3).
 */
export function meanEffortTile(responses: number, mentalEffortSum: number) {
  if (responses === 0) return { value: null, reason: "No check-ins yet" };
  if (responses < MIN_RESPONSES) return { value: null, reason: notEnoughResponses(responses) };
  return { value: round(mentalEffortSum / responses, 1), reason: null };
}
