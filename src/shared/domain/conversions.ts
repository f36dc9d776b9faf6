// The Learning Objectives Converter's fixed rules (spec A §2, §3, §9): discipline options, the
// normalisation that picks a template, the deterministic templates used when no AI model answers,
// the three examples and the stats rule. Shared by the server (fallback) and the client (examples).

import { fileSlug } from "./wizard.ts";

/** spec A §3: converter discipline options, value and label. */
export const CONVERTER_DISCIPLINES = [
  { value: "blockchain", label: "Blockchain Technology" },
  { value: "data-science", label: "Data Science" },
  { value: "fintech", label: "Financial Technology" },
  { value: "business", label: "Business Strategy" },
  { value: "information-systems", label: "Information Systems" },
  { value: "other", label: "Other" },
] as const;
export type ConverterDiscipline = (typeof CONVERTER_DISCIPLINES)[number]["value"];
export const CONVERTER_DISCIPLINE_VALUES = CONVERTER_DISCIPLINES.map(({ value }) => value) as [
  ConverterDiscipline,
  ...ConverterDiscipline[],
];

export const CONVERSION_LIMITS = {
  objectiveMin: 10,
  objectiveMax: 5000,
  contextMax: 2000,
  /** spec A §9: the converter shows at most this many previous conversions. */
  historyShown: 3,
  /** spec A §9: example previews are cut here and followed by an ellipsis. */
  examplePreviewChars: 100,
} as const;

export const converterDisciplineLabel = (value: string) =>
  CONVERTER_DISCIPLINES.find((option) => option.value === value)?.label ?? value;

/** spec A §9: the discipline value is lowercased with spaces turned into hyphens. */
export const normaliseDiscipline = (discipline: string) =>
  discipline.trim().toLowerCase().replace(/\s+/g, "-");

/** spec A §2: the first 100 characters followed by an ellipsis. */
export const previewOf = (text: string, length: number = CONVERSION_LIMITS.examplePreviewChars) =>
  `${text.slice(0, length)}...`;

/** spec A §2: the two static lists of the result card. */
export const PIVOT_ELEMENTS = ["Core concept mastery", "Foundational skills", "Reference knowledge"];
export const LAUNCH_APPLICATIONS = [
  "Real-world implementation",
  "Creative problem solving",
  "Collaborative learning",
];

interface TemplateInput {
  originalObjective: string;
  context?: string | undefined;
}

interface DisciplineTemplate {
  title: string;
  drivingQuestion: string;
  pivot: string[];
  launch: string[];
  deliverables: string[];
}

const TEMPLATES: Record<
  "blockchain" | "data-science" | "fintech" | "business" | "generic",
  DisciplineTemplate
> = {
  blockchain: {
    title: "Decentralised Solutions Lab",
    drivingQuestion:
      "How could a distributed ledger solve a trust problem for a real organisation, and when would it be the wrong tool?",
    pivot: [
      "Hashing, digital signatures and how blocks are chained",
      "Consensus mechanisms and their trade-offs (proof of work, proof of stake)",
      "Smart contracts: state, transactions and gas",
    ],
    launch: [
      "Teams pick a partner scenario (supply chain, credentials, donations) and model its trust problem",
      "Build and test a small smart contract or ledger prototype for the scenario",
      "Present a feasibility brief comparing the ledger with a conventional database",
    ],
    deliverables: ["Scenario analysis", "Working prototype with tests", "Feasibility brief and demo"],
  },
  "data-science": {
    title: "Data for Decisions Studio",
    drivingQuestion:
      "What question does a real organisation need answered, and what would convincing evidence from its data look like?",
    pivot: [
      "Data cleaning, exploratory analysis and visualisation",
      "Core statistical models and how to validate them",
      "Bias, privacy and the limits of a dataset",
    ],
    launch: [
      "Teams take an open dataset from a community partner and frame an answerable question",
      "Build, validate and explain a model or analysis that answers it",
      "Deliver recommendations to a non-technical audience",
    ],
    deliverables: ["Question and data audit", "Reproducible notebook", "Decision brief for the partner"],
  },
  fintech: {
    title: "Financial Innovation Challenge",
    drivingQuestion:
      "How can technology make a financial service fairer, cheaper or safer for a group that is poorly served today?",
    pivot: [
      "Payments, lending and investment basics",
      "Risk, regulation and consumer protection",
      "APIs, open banking and data security",
    ],
    launch: [
      "Teams interview users of a financial service and map their pain points",
      "Prototype a product or process that addresses one pain point",
      "Pitch the solution with a compliance and risk assessment",
    ],
    deliverables: ["User research summary", "Prototype or service blueprint", "Pitch with risk assessment"],
  },
  business: {
    title: "Strategy Consulting Project",
    drivingQuestion:
      "What strategic decision does a real organisation face, and what evidence should drive it?",
    pivot: [
      "Competitive and industry analysis frameworks",
      "Financial statements and unit economics",
      "Stakeholder mapping and ethical decision making",
    ],
    launch: [
      "Teams take a live case from a local organisation and diagnose the problem",
      "Develop and test strategic options against evidence",
      "Recommend one option to the client with an implementation plan",
    ],
    deliverables: ["Diagnostic report", "Options analysis", "Client recommendation and presentation"],
  },
  generic: {
    title: "Project-Based Learning Framework",
    drivingQuestion:
      "Where does this learning matter outside the classroom, and what would a person who has mastered it be able to produce?",
    pivot: [
      "The essential concepts and vocabulary of the objective",
      "The foundational skills practised until they are reliable",
      "Reference material students can return to instead of memorising",
    ],
    launch: [
      "Teams apply the concepts to a real problem from a community or industry partner",
      "Iterate on a solution with peer and instructor feedback",
      "Share the result with an audience beyond the class",
    ],
    deliverables: ["Concept check", "Project artefact", "Public presentation and reflection"],
  },
};

function templateKey(discipline: string): keyof typeof TEMPLATES {
  const key = normaliseDiscipline(discipline);
  return key === "blockchain" || key === "data-science" || key === "fintech" || key === "business"
    ? key
    : "generic";
}

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");

/**
 * spec A §9: the deterministic conversion for a discipline (blockchain, data-science, fintech,
 * business; a generic project-based template for any other). Uses the objective and the context.
 */
export function templateConversion(
  discipline: string,
  { originalObjective, context }: TemplateInput,
): string {
  const template = TEMPLATES[templateKey(discipline)];
  const objective = originalObjective.trim().replace(/\s+/g, " ");
  const courseContext = context?.trim();
  return [
    `${template.title}`,
    "",
    `Learning objective: ${objective}`,
    ...(courseContext ? [`Course context: ${courseContext}`] : []),
    "",
    `Driving question: ${template.drivingQuestion}`,
    "",
    "Pivot: core concepts to strengthen first (weeks 1-3)",
    bullets(template.pivot),
    "",
    "Launch: apply them in varied contexts (weeks 4-10)",
    bullets(template.launch),
    "",
    "Deliverables",
    bullets(template.deliverables),
    "",
    "Assessment",
    "- Short concept checks on the pivot content before the launch begins",
    "- A rubric for the project that scores application, reasoning and communication",
    "",
    "Anti-overload measures",
    "- Introduce one new concept at a time and link each to the project",
    "- Give a one-page reference sheet instead of extra readings",
    "- Schedule check-ins so teams never carry more than one open task each",
  ].join("\n");
}

export interface ConversionExample {
  discipline: ConverterDiscipline;
  original: string;
  converted: string;
  pivotConcepts: string[];
  launchApplications: string[];
}

/** spec A §2: the three example conversions (Blockchain, Data Science, Fintech). */
export const CONVERSION_EXAMPLES: readonly ConversionExample[] = [
  {
    discipline: "blockchain",
    original: "Students will understand how blockchain consensus mechanisms work.",
    converted:
      "Students form consulting teams that advise a local food co-operative on tracking produce from farm to shelf. In the pivot weeks they master hashing, blocks and consensus through short labs; in the launch they compare proof of work and proof of stake for the co-op's needs, build a small prototype ledger and present a recommendation on whether a blockchain is the right tool at all.",
    pivotConcepts: ["Hashing and block structure", "Consensus mechanisms", "Smart contract basics"],
    launchApplications: ["Supply-chain traceability prototype", "Recommendation to a real client"],
  },
  {
    discipline: "data-science",
    original: "Students will be able to apply regression analysis to datasets.",
    converted:
      "Teams partner with the city's transport office to explain why bus ridership varies across neighbourhoods. They first practise cleaning data, fitting and checking regression models on small worked datasets; then they frame their own question on the open ridership data, validate a model and deliver a briefing that a non-technical council member can act on.",
    pivotConcepts: ["Data cleaning", "Regression modelling and diagnostics", "Communicating uncertainty"],
    launchApplications: ["Open transport data analysis", "Policy briefing for decision makers"],
  },
  {
    discipline: "fintech",
    original: "Students will learn the principles of digital payment systems.",
    converted:
      "Students design a payment service for market traders who cannot get a card terminal. The pivot covers payment rails, fees, fraud and regulation in short case studies; in the launch teams interview traders, prototype a mobile payment flow, estimate its costs and risks and pitch it to a panel from a local credit union.",
    pivotConcepts: ["Payment rails and settlement", "Fraud and risk controls", "Regulation and compliance"],
    launchApplications: ["Mobile payment prototype", "Pitch to a financial institution"],
  },
];

/** The parts of a framework the wizard can use, read from the text the converter wrote. */
export interface FrameworkSections {
  /** The first line, when it is neither a section nor a list line. */
  title: string | undefined;
  pivot: string[];
  launch: string[];
  deliverables: string[];
  assessment: string[];
  antiOverload: string[];
}

type SectionName = Exclude<keyof FrameworkSections, "title"> | "other";

/** A section heading line as the prompt asks for it (and as models vary it: Markdown, "Pivot Elements:"). */
const SECTION_HEADINGS: Array<[RegExp, SectionName]> = [
  [/^driving questions?\b/i, "other"],
  [/^pivot\b/i, "pivot"],
  [/^launch\b/i, "launch"],
  [/^deliverables?\b/i, "deliverables"],
  [/^assessments?\b/i, "assessment"],
  [/^anti[- ]?overload\b/i, "antiOverload"],
];
const HEADING_TAIL =
  /^[a-z]*\s*(phase|section|elements|applications?|concepts|measures|strategy)?\s*([:(\u2013\u2014-]|$)/i;
const LIST_MARK = /^\s*(?:[-*\u2022\u2013]|\d{1,2}[.)])\s+/;
/** Markdown a model may add despite the prompt: heading marks, bold, a trailing colon. */
const undecorated = (line: string) =>
  line
    .trim()
    .replace(/^#{1,6}\s*/, "")
    .replace(/\*\*|__/g, "")
    .trim();

/** Whether a framework line is one of its section headings ("Pivot: core concepts to strengthen first"). */
export const isFrameworkHeading = (line: string) => headingOf(line) !== undefined;

function headingOf(line: string): SectionName | undefined {
  const text = undecorated(line);
  if (text.length > 90 || LIST_MARK.test(line)) return undefined;
  for (const [pattern, name] of SECTION_HEADINGS) {
    const match = pattern.exec(text);
    if (match && HEADING_TAIL.test(text.slice(match[0].length).trimStart())) return name;
  }
  return undefined;
}

/**
 * Reads a converted framework (spec A §9's template, or a model answering the prompt: a title line,
 * then headed sections of "- " lines) into its parts. Lines before the first section (the
 * objective, the context) and the driving question are left out; a section's lines without a list
 * mark count as its items too.
 */
export function frameworkSections(text: string): FrameworkSections {
  const sections: FrameworkSections = {
    title: undefined,
    pivot: [],
    launch: [],
    deliverables: [],
    assessment: [],
    antiOverload: [],
  };
  let current: SectionName | undefined;
  let first = true;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const heading = headingOf(raw);
    if (first) {
      first = false;
      if (!heading && !LIST_MARK.test(raw) && !/^(learning )?objective\s*:/i.test(undecorated(raw))) {
        const title = undecorated(raw)
          .replace(/^(project )?title\s*:\s*/i, "")
          .trim();
        if (title) sections.title = title;
        continue;
      }
    }
    if (heading) {
      current = heading;
      continue;
    }
    if (!current || current === "other") continue;
    const item = undecorated(raw.replace(LIST_MARK, ""));
    if (item) sections[current].push(item);
  }
  return sections;
}

/**
 * A conversion's download: `{objective}-pbl-framework-{date}.txt` (or .docx),
 * the objective's first words as a file slug; `PBL-Framework-{date}` when they leave none.
 */
export function conversionFileName(objective: string, date: Date, extension: "txt" | "docx" = "txt"): string {
  const day = date.toISOString().slice(0, 10);
  const slug = fileSlug(objective, 50);
  return slug ? `${slug}-pbl-framework-${day}.${extension}` : `PBL-Framework-${day}.${extension}`;
}
