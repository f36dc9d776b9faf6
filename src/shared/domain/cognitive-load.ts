/**
 * Cognitive Load Analytics (spec B §2, §3, §9): every rule over check-ins, written once.
 * This file holds the vocabulary: contexts, scales, thresholds, a check-in and the rules over one.
 * The server aggregates check-ins into `Totals` (in SQL for speed, or with `totalsOf`,
 * cognitive-load-totals.ts), and everything the screen shows is computed from totals
 * (cognitive-load-findings.ts) over periods (cognitive-load-periods.ts).
 *
 * Instruments (docs/decisions/0045-cognitive-load-check-ins.md):
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
 * Whose answers a figure is made of (docs/decisions/0046-instructor-entered-check-ins-kept-apart.md):
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

/** spec §9 and docs/decisions/0045-cognitive-load-check-ins.md. */
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

/** How a figure reads against its target (spec §9), and which way it moved. */
export type Colour = "green" | "amber" | "red";
export type Arrow = "up" | "down" | "neutral";

/**
 * Pivot Assets' Cognitive Load tile: the mean mental effort (1-9, one decimal) of
 * all the instructor's check-ins, or null with its reason (none, or fewer than 3).
 */
export function meanEffortTile(responses: number, mentalEffortSum: number) {
  if (responses === 0) return { value: null, reason: "No check-ins yet" };
  if (responses < MIN_RESPONSES) return { value: null, reason: notEnoughResponses(responses) };
  return { value: round(mentalEffortSum / responses, 1), reason: null };
}
