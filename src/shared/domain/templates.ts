import { ALL_DISCIPLINES, TEMPLATE_DISCIPLINES, WORKLOAD_HOURS_PER_UNIT } from "../constants.ts";

// The template export (spec A §7); no zod here, the templates screen shows the formats.
export const EXPORT_FORMATS = ["docx", "csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** spec A §7: the downloaded file names. */
export const EXPORT_FILE_NAMES: Record<ExportFormat, string> = {
  docx: "PBL-Templates-Professional-Guide.docx",
  csv: "PBL-Templates-Data.csv",
  json: "PBL-Templates-Complete-Data.json",
};

/** The media type of each export format (spec A §7: the file is downloaded). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  csv: "text/csv",
  json: "application/json",
};

/** spec A §5: the first number in estimatedDuration times 6, else "Time varies". */
export function workloadEstimate(estimatedDuration: string | null | undefined): string {
  const match = /\d+(?:\.\d+)?/.exec(estimatedDuration ?? "");
  if (!match) return "Time varies";
  return `~${Math.round(Number(match[0]) * WORKLOAD_HOURS_PER_UNIT)} hours total`;
}

const PHASE_CAPTIONS = [
  "Planning and research",
  "Core development and implementation",
  "Testing and refinement",
  "Final presentation and evaluation",
];

/** spec A §2: generic captions of a phase by its position (0-based); later ones are advanced activities. */
export function phaseCaption(index: number): string {
  return PHASE_CAPTIONS[index] ?? "Advanced activities";
}

/** "data-science" -> "Data Science" for values without a label. */
export function humanize(value: string): string {
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The wizard's order of disciplines, "other" last. */
const DISCIPLINE_ORDER: readonly string[] = [
  ...ALL_DISCIPLINES.filter((value) => value !== "other"),
  "other",
];

/**
 * The discipline filter's values: the spec's thirteen (spec A §9) in its order, then
 * every other discipline the library holds, in the wizard's order (any unknown one last, A to Z).
 */
export function disciplineFilterValues(library: readonly string[]): string[] {
  const spec: readonly string[] = TEMPLATE_DISCIPLINES;
  const position = (value: string) => {
    const index = DISCIPLINE_ORDER.indexOf(value);
    return index === -1 ? DISCIPLINE_ORDER.length : index;
  };
  const others = [...new Set(library)]
    .filter((value) => !spec.includes(value))
    .sort((a, b) => position(a) - position(b) || a.localeCompare(b));
  return [...spec, ...others];
}
