import {
  type Averages,
  type CheckIn,
  INDICATOR_IDS,
  INDICATOR_RULES,
  type IndicatorId,
  interruptionsPerHour,
  loadOf,
  MIN_RESPONSES,
  round,
} from "./cognitive-load.ts";

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
