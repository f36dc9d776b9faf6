/**
 * spec B §2 Document Manager: "example lists across disciplines (Humanities, Biochemistry, Arts &
 * Design, Mathematics, each with 5 examples)". The spec names the disciplines and the count, not
 * the examples; these are written for the product: course documents a faculty member of each
 * discipline would keep here.
 */
export interface ExampleList {
  discipline: string;
  examples: readonly [string, string, string, string, string];
}

export const DOCUMENT_EXAMPLES: readonly ExampleList[] = [
  {
    discipline: "Humanities",
    examples: [
      "Primary source readers and annotated excerpts",
      "Close-reading guides for core texts",
      "Essay rubrics and model arguments",
      "Historical timelines and context notes",
      "Seminar discussion questions",
    ],
  },
  {
    discipline: "Biochemistry",
    examples: [
      "Laboratory protocols and safety sheets",
      "Enzyme kinetics problem sets",
      "Metabolic pathway summaries",
      "Lab report templates and grading rubrics",
      "Journal articles for case discussions",
    ],
  },
  {
    discipline: "Arts & Design",
    examples: [
      "Project briefs and design constraints",
      "Critique guidelines and feedback forms",
      "Portfolio requirements",
      "Technique demonstrations (images and video)",
      "Artist statements and reference readings",
    ],
  },
  {
    discipline: "Mathematics",
    examples: [
      "Worked examples and proof outlines",
      "Problem sets with solutions",
      "Formula and theorem sheets",
      "Modelling project descriptions",
      "Past exams and practice quizzes",
    ],
  },
];

/** A document's category (spec B §3: default manual). */
export const DOCUMENT_CATEGORIES = [
  { value: "manual", label: "Manual" },
  { value: "syllabus", label: "Syllabus" },
  { value: "lecture-notes", label: "Lecture Notes" },
  { value: "reading", label: "Reading" },
  { value: "assignment", label: "Assignment" },
  { value: "assessment", label: "Assessment" },
  { value: "lab-protocol", label: "Lab Protocol" },
  { value: "media", label: "Media" },
  { value: "other", label: "Other" },
] as const;

/** The label of a category value; a value from elsewhere is shown as written. */
export const categoryLabel = (value: string) =>
  DOCUMENT_CATEGORIES.find((category) => category.value === value)?.label ?? value;
