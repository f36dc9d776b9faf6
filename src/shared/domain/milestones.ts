import { TZDate } from "@date-fns/tz";
import { addWeeks, endOfDay, nextMonday, set, startOfDay } from "date-fns";
import type { MilestoneStage, SuggestedMilestone } from "../schemas/milestones.ts";

/** The weeks a timeline names ("12 weeks", "a 10-week project"), or null when it names none. */
export function timelineWeeks(timeline: string): number | null {
  const match = /(\d{1,3})\s*-?\s*weeks?\b/i.exec(timeline);
  if (!match) return null;
  const weeks = Number(match[1]);
  return weeks > 0 ? weeks : null;
}

/** When a project runs: from its creation day to creation + its timeline's weeks (no end when none is named). */
export interface ProjectRange {
  start: Date;
  end: Date | null;
}

export function projectRange(createdAt: Date, timeline: string, timeZone = "UTC"): ProjectRange {
  const created = new TZDate(createdAt, timeZone);
  const weeks = timelineWeeks(timeline);
  return {
    start: new Date(startOfDay(created).getTime()),
    end: weeks === null ? null : new Date(endOfDay(addWeeks(created, weeks)).getTime()),
  };
}

export function isOutsideRange(dueAt: Date, range: ProjectRange): boolean {
  return dueAt < range.start || (range.end !== null && dueAt > range.end);
}

/** Weeks a suggestion spreads over when the timeline names none. */
export const DEFAULT_SUGGESTION_WEEKS = 8;
/** Most launch phases a suggestion makes (one per application context). */
export const MAX_LAUNCH_PHASES = 3;

/** A methodology's list answer as items, each capitalised: one per line, bullet or semicolon (commas kept inside an item). */
export function listItems(answer: string): string[] {
  return answer
    .split(/\r?\n|;|•/)
    .map((item) => item.replace(/^\s*(?:[-*]|\d+[.)])\s*/, "").trim())
    .map((item) => item.replace(/[.]+$/, ""))
    .filter((item) => item.length > 0)
    .map((item) => item.charAt(0).toUpperCase() + item.slice(1));
}

const clip = (value: string, max: number) =>
  value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;

interface SuggestionSource {
  pivotConcepts?: string;
  launchApplications?: string;
  timeline?: string;
}

/**
 * Milestones suggested from a methodology: a pivot checkpoint on its core concepts, one launch
 * phase per application context (up to three), a final presentation at the end, spread over the
 * timeline's weeks (eight when none is named). Each is due on a Monday at 17:00 in the time zone,
 * from next Monday on; the final one in the last week.
 */
export function suggestMilestones(
  methodology: SuggestionSource,
  options: { now: Date; timeZone?: string },
): SuggestedMilestone[] {
  const weeks = timelineWeeks(methodology.timeline ?? "") ?? DEFAULT_SUGGESTION_WEEKS;
  const concepts = listItems(methodology.pivotConcepts ?? "").slice(0, 10);
  const contexts = listItems(methodology.launchApplications ?? "").slice(0, MAX_LAUNCH_PHASES);

  const steps: Omit<SuggestedMilestone, "dueAt">[] = [
    {
      title: "Pivot checkpoint: core concepts",
      stage: "pivot",
      description: "Show a working grasp of the core concepts before applying them.",
      deliverables:
        concepts.length > 0
          ? concepts.map((concept) => clip(`${concept}: definition, example and counter-example`, 300))
          : ["Core concepts: definition, example and counter-example of each"],
    },
    ...(contexts.length > 0 ? contexts : ["Apply the core concepts"]).map((context, index, all) => ({
      title: clip(all.length > 1 ? `Launch phase ${index + 1}: ${context}` : `Launch: ${context}`, 160),
      stage: "launch" as MilestoneStage,
      description: `Apply the core concepts in this context: ${context}.`,
      deliverables: [
        clip(`Work applying the core concepts: ${context}`, 300),
        "Short reflection on what transferred",
      ],
    })),
    {
      title: "Final presentation",
      stage: "final",
      description: "Present the work and what was learnt from the pivot to the launch.",
      deliverables: ["Presentation slides", "Final report or artefact"],
    },
  ];

  const zone = options.timeZone ?? "UTC";
  const firstMonday = set(nextMonday(new TZDate(options.now, zone)), {
    hours: 17,
    minutes: 0,
    seconds: 0,
    milliseconds: 0,
  });
  const lastWeek = Math.max(0, weeks - 1);
  return steps.map((step, index) => {
    // Evenly spread: the last step in the last week, the others before it.
    const week = Math.round(((index + 1) * lastWeek) / steps.length);
    return { ...step, dueAt: new Date(addWeeks(firstMonday, week).getTime()).toISOString() };
  });
}
