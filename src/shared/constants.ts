// Business constants of the spec, defined once for both sides. Those of accounts and sessions are in
// account.ts, which the sign-in page loads without this file.

/** spec B §3: analytics event types, with the labels the analytics screen uses. */
export const EVENT_TYPES = [
  "project_created",
  "project_updated",
  "objective_converted",
  "template_used",
  "collaboration_added",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  project_created: "Project Created",
  project_updated: "Project Updated",
  objective_converted: "Objective Converted",
  template_used: "Template Used",
  collaboration_added: "Student Contribution",
};

/** The largest analytics event data, in bytes of JSON. */
export const EVENT_DATA_MAX_BYTES = 16_384;

/** spec A §9 */
export const STATS_REFRESH_MS = 30_000;

/** spec A §9: template filter values (besides "all"). */
export const TEMPLATE_DISCIPLINES = [
  "blockchain",
  "data-science",
  "fintech",
  "information-systems",
  "biochemistry",
  "chemistry",
  "biology",
  "literature",
  "history",
  "philosophy",
  "visual-arts",
  "mathematics",
  "business",
] as const;
export const TEMPLATE_CATEGORIES = [
  "development",
  "analysis",
  "research",
  "creative",
  "laboratory",
  "innovation",
  "strategy",
  "interdisciplinary",
] as const;
export const DIFFICULTY_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export const TEMPLATE_STATUSES = ["approved", "pending", "rejected"] as const;
export type TemplateDiscipline = (typeof TEMPLATE_DISCIPLINES)[number];
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** spec A §3: the wizard's discipline groups (also the disciplines a custom template may carry). */
export const DISCIPLINE_GROUPS = [
  {
    label: "Technology & Engineering",
    values: ["blockchain", "data-science", "fintech", "information-systems"],
  },
  {
    label: "Physical Sciences",
    values: ["biochemistry", "chemistry", "physics", "biology", "environmental-science"],
  },
  {
    label: "Humanities & Social Sciences",
    values: ["literature", "history", "philosophy", "psychology", "anthropology"],
  },
  { label: "Arts & Design", values: ["visual-arts", "digital-media", "graphic-design", "architecture"] },
  { label: "Business & Mathematics", values: ["business", "mathematics", "statistics", "economics"] },
] as const;
export const ALL_DISCIPLINES: [Discipline, ...Discipline[]] = [
  "other",
  ...DISCIPLINE_GROUPS.flatMap((group): readonly Discipline[] => group.values),
];
export type Discipline = (typeof DISCIPLINE_GROUPS)[number]["values"][number] | "other";

/** Display names of discipline values ("data-science" -> "Data Science"). */
export const DISCIPLINE_LABELS: Record<Discipline, string> = {
  blockchain: "Blockchain",
  "data-science": "Data Science",
  fintech: "Fintech",
  "information-systems": "Information Systems",
  biochemistry: "Biochemistry",
  chemistry: "Chemistry",
  physics: "Physics",
  biology: "Biology",
  "environmental-science": "Environmental Science",
  literature: "Literature",
  history: "History",
  philosophy: "Philosophy",
  psychology: "Psychology",
  anthropology: "Anthropology",
  "visual-arts": "Visual Arts",
  "digital-media": "Digital Media",
  "graphic-design": "Graphic Design",
  architecture: "Architecture",
  business: "Business",
  mathematics: "Mathematics",
  statistics: "Statistics",
  economics: "Economics",
  other: "Other",
};

/** spec A §9: featured cards cycle through a palette of 5 colours. */
export const FEATURED_PALETTE = ["#4f46e5", "#0f766e", "#b45309", "#be123c", "#7c3aed"] as const;
/** spec A §3: a template's default colour (grey) and icon (a project diagram). */
export const DEFAULT_TEMPLATE_COLOR = "#6b7280";
export const DEFAULT_TEMPLATE_ICON = "project-diagram";
/** spec A §9 */
export const TEMPLATE_CARD_PHASES = 3;
export const TEMPLATE_SKELETON_CARDS = 6;
export const WORKLOAD_HOURS_PER_UNIT = 6;
export const TEMPLATE_SEARCH_MAX = 200;

/** spec B §9 Analytics: the ranges (days each), the recent list, the class size assumed. */
export const ANALYTICS_RANGES = ["7d", "30d", "90d", "1y"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "1y": 365,
};
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last year",
};
export const ANALYTICS_RECENT_EVENTS = 10;
/** Students per project when the project's methodology gives no class size (spec B §9: 25). */
export const DEFAULT_CLASS_SIZE = 25;
/** Completion Rate above this shows Excellent, else Good (spec B §9). */
export const COMPLETION_EXCELLENT_ABOVE = 80;
/** Engagement level: more than 50 events High, more than 20 Medium, else Low (spec B §9). */
export const ENGAGEMENT_HIGH_ABOVE = 50;
export const ENGAGEMENT_MEDIUM_ABOVE = 20;

/** spec B §2, §7 Toolkit export: the formats, plus a real PDF and a real Word document. */
export const TOOLKIT_FORMATS = ["json", "text", "word", "html", "pdf", "docx"] as const;
export type ToolkitFormat = (typeof TOOLKIT_FORMATS)[number];
/**
 * The file each format answers: its name, media type and menu label. The two HTML formats carry a
 * suffix each, so that downloading both never puts one under the other's name.
 */
export const TOOLKIT_FILES: Record<
  ToolkitFormat,
  { extension: string; suffix?: string; contentType: string; label: string }
> = {
  json: { extension: "json", contentType: "application/json; charset=utf-8", label: "JSON (.json)" },
  text: { extension: "txt", contentType: "text/plain; charset=utf-8", label: "Text (.txt)" },
  word: {
    extension: "html",
    suffix: "-word",
    contentType: "text/html; charset=utf-8",
    label: "Word-compatible HTML (.html)",
  },
  html: {
    extension: "html",
    suffix: "-print",
    contentType: "text/html; charset=utf-8",
    label: "Printable HTML (.html)",
  },
  pdf: { extension: "pdf", contentType: "application/pdf", label: "PDF (.pdf)" },
  docx: {
    extension: "docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "Word document (.docx)",
  },
};
/** pbl-toolkit-guide.json, pbl-toolkit-guide-word.html, pbl-toolkit-guide-print.html... */
export const toolkitFileName = (format: ToolkitFormat) =>
  `pbl-toolkit-guide${TOOLKIT_FILES[format].suffix ?? ""}.${TOOLKIT_FILES[format].extension}`;
