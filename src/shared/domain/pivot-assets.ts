import { TZDate, tz } from "@date-fns/tz";
import { addDays, format, startOfDay, startOfISOWeek } from "date-fns";

/**
 * Pure rules of Pivot Assets (spec B §3, §4, §5, §9): disciplines, a card's defaults,
 * mastery colours, the person's calendar day in their time zone, and the CSV columns.
 */

/** spec B §3: the built-in disciplines (value, label). */
export const BUILT_IN_DISCIPLINES: ReadonlyArray<{ value: string; label: string }> = [
  { value: "fintech", label: "Fintech" },
  { value: "information-systems", label: "Information Systems" },
  { value: "data-science", label: "Data Science" },
  { value: "knowledge-integration", label: "Knowledge Integration" },
  { value: "blockchain", label: "Blockchain" },
  { value: "biochemistry", label: "Biochemistry" },
  { value: "chemistry", label: "Chemistry" },
  { value: "biology", label: "Biology" },
  { value: "literature", label: "Literature" },
  { value: "history", label: "History" },
  { value: "philosophy", label: "Philosophy" },
  { value: "visual-arts", label: "Visual Arts" },
  { value: "mathematics", label: "Mathematics" },
  { value: "statistics", label: "Statistics" },
  { value: "economics", label: "Economics" },
  { value: "other", label: "Other" },
];

/** spec B §5: the value of a new discipline is its name lowercased, spaces turned into hyphens. */
export const disciplineValue = (name: string) => name.trim().toLowerCase().replace(/\s+/g, "-");

/** spec B §5: a new name duplicates a discipline when it equals a value or a label, case aside. */
export function duplicatesDiscipline(name: string, known: ReadonlyArray<{ value: string; label: string }>) {
  const lower = name.trim().toLowerCase();
  const value = disciplineValue(name);
  return known.some(
    (discipline) =>
      discipline.value.toLowerCase() === value ||
      discipline.value.toLowerCase() === lower ||
      discipline.label.toLowerCase() === lower,
  );
}

/** spec B §5: misconceptions split on commas, trimmed, empties dropped (a list is trimmed the same way). */
export function splitMisconceptions(value: string | readonly string[] | undefined): string[] {
  const parts = typeof value === "string" ? value.split(",") : (value ?? []);
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** spec B §5: what an empty optional field of a card becomes. */
export const NOT_SPECIFIED = "Not specified";
export const NOT_PROVIDED = "Not provided";

/** A card field as a reader needs it: empty when it holds only the placeholder of an empty field. */
export const givenCardField = (value: string) =>
  value === NOT_SPECIFIED || value === NOT_PROVIDED ? "" : value.trim();

export function cardDefaults(input: {
  constraints?: string | undefined;
  minimalExample?: string | undefined;
  counterExample?: string | undefined;
  misconceptions?: string | readonly string[] | undefined;
}) {
  return {
    constraints: input.constraints?.trim() || NOT_SPECIFIED,
    minimalExample: input.minimalExample?.trim() || NOT_PROVIDED,
    counterExample: input.counterExample?.trim() || NOT_PROVIDED,
    misconceptions: splitMisconceptions(input.misconceptions),
  };
}

/** spec B §4, §9: green at or above 0.8, amber at or above 0.6, red below. */
export const MASTERY_GREEN = 0.8;
export const MASTERY_AMBER = 0.6;
export type MasteryColour = "green" | "amber" | "red";
export const masteryColour = (level: number): MasteryColour =>
  level >= MASTERY_GREEN ? "green" : level >= MASTERY_AMBER ? "amber" : "red";

/** The mean of a card's retrievabilities; 0 for a card without items. */
export const meanMastery = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Interleaving ("varied contexts"): deals items in order round-robin by their group: the first of
 * every group, then the second of every group, and so on; groups in the order they first appear.
 */
export function interleave<T>(items: readonly T[], groupOf: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const dealt: T[] = [];
  const lists = [...groups.values()];
  for (let round = 0; dealt.length < items.length; round++)
    for (const list of lists) if (round < list.length) dealt.push(list[round] as T);
  return dealt;
}

/* ---- The person's calendar, in their time zone (@date-fns/tz and date-fns) ---- */

/** Zone names already checked: building an Intl.DateTimeFormat costs about a millisecond. */
const knownZones = new Set<string>();

/** Whether the name is a time zone this runtime knows (an IANA name, or UTC). */
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
  } catch {
    return false;
  }
  if (knownZones.size > 1000) knownZones.clear();
  knownZones.add(name);
  return true;
}

/** A plain Date of the same instant (a TZDate prints itself with its zone's offset). */
const instantOf = (date: Date) => new Date(date.getTime());

/**
 * Today's bounds in the person's zone, and the start of their (ISO, Monday-first) week: what Due
 * Today, Overdue and Completed this week count against. A day starts at local midnight, or at the
 * first instant after it when a change of offset skips midnight.
 */
export function localCalendar(now: Date, timeZone: string) {
  const local = new TZDate(now.getTime(), timeZone);
  const startOfToday = startOfDay(local);
  return {
    startOfToday: instantOf(startOfToday),
    startOfTomorrow: instantOf(startOfDay(addDays(startOfToday, 1))),
    startOfWeek: instantOf(startOfISOWeek(local)),
  };
}

/** A local calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  return format(instant, "yyyy-MM-dd", { in: tz(timeZone) });
}

/** An interval as the grade buttons show it: "10 min", "5 h", "3 d", "2.5 mo", "1.2 y". */
export function formatInterval(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${days} d`;
  if (days < 365) return `${Math.round((days / 30) * 10) / 10} mo`;
  return `${Math.round((days / 365) * 10) / 10} y`;
}

/* ---- CSV: the columns (written and read by the server's lib/csv.ts) ---- */

export const CSV_COLUMNS = [
  "title",
  "discipline",
  "definition",
  "constraints",
  "minimal_example",
  "counter_example",
  "misconceptions",
  "item_type",
  "question",
  "answer",
  "options",
  "correct_index",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
