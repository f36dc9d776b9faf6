import { DISCIPLINE_LABELS } from "#shared/constants.ts";
import type { DashboardStats, Faculty } from "#shared/schemas/auth.ts";
import type { ExportDocument, ExportSection } from "../exports/export-document.ts";
import type { ProjectRow } from "../projects/projects.service.ts";

const MAX_PROJECT_SLIDES = 20;

/** Bullet lines from a wizard answer: one per line or per semicolon, empties dropped. */
const bulletsOf = (text: string, fallback: string) => {
  const lines = text
    .split(/\r?\n|;/)
    .map((line) => line.replace(/^[-*•\s]+/, "").trim())
    .filter(Boolean)
    .slice(0, 6);
  return lines.length ? lines : [fallback];
};

const disciplineLabel = (value: string) => (DISCIPLINE_LABELS as Record<string, string>)[value] ?? value;

const projectSlide = (project: ProjectRow): ExportSection => ({
  title: project.title,
  subtitle: `${disciplineLabel(project.discipline)} · ${project.status}`,
  blocks: [
    {
      kind: "columns",
      columns: [
        [
          { kind: "heading", level: 2, text: "Pivot: core concepts" },
          { kind: "bullets", items: bulletsOf(project.methodology.pivotConcepts, "Not specified yet") },
        ],
        [
          { kind: "heading", level: 2, text: "Launch: applications" },
          { kind: "bullets", items: bulletsOf(project.methodology.launchApplications, "Not specified yet") },
        ],
      ],
    },
  ],
});

/**
 * Generate Presentation (spec A §2): the person's Pivot-and-Launch work as slides: a
 * title slide, the method, one slide per project (pivot concepts and launch applications, up to
 * 20) and their figures. Written as a .pptx by the exports module.
 */
export function presentationDocument(input: {
  faculty: Faculty;
  stats: DashboardStats;
  projects: ProjectRow[];
  conversions: number;
  date: Date;
}): ExportDocument {
  const { faculty, stats, projects, conversions, date } = input;
  const noProjects: ExportSection = {
    title: "Projects",
    blocks: [
      {
        kind: "paragraph",
        text: "No projects yet: the Methodology Wizard creates the first one.",
        tone: "muted",
      },
    ],
  };
  return {
    title: "Pivot-and-Launch Course Design",
    subtitle: `${faculty.name} · ${faculty.title}, ${faculty.department}`,
    cover: [{ kind: "paragraph", text: `${faculty.institution} · ${date.toISOString().slice(0, 10)}` }],
    metadata: {
      title: `${faculty.name}: Pivot-and-Launch Course Design`,
      author: faculty.name,
      organisation: faculty.institution,
    },
    sections: [
      {
        title: "The Pivot-and-Launch Method",
        blocks: [
          {
            kind: "paragraph",
            text: [
              { text: "Pivot: ", strong: true },
              { text: "strengthen a small set of core concepts until they are reliable." },
            ],
          },
          {
            kind: "paragraph",
            text: [
              { text: "Launch: ", strong: true },
              { text: "apply them in varied, real contexts with partners and audiences." },
            ],
          },
          {
            kind: "paragraph",
            text: [
              { text: "Anti-overload: ", strong: true },
              {
                text: "one new idea at a time, reference sheets instead of extra reading, focused check-ins.",
              },
            ],
          },
        ],
      },
      ...(projects.length > 0 ? projects.slice(0, MAX_PROJECT_SLIDES).map(projectSlide) : [noProjects]),
      {
        title: "Figures",
        blocks: [
          {
            kind: "facts",
            items: [
              { label: "Active Projects", value: String(stats.activeProjects) },
              { label: "Students Engaged", value: String(stats.studentsEngaged) },
              { label: "Completion Rate", value: `${stats.completionRate}%` },
              { label: "Average Rating", value: stats.avgRating ? `${stats.avgRating.toFixed(1)} / 5` : "0" },
              { label: "Objectives Converted", value: String(conversions) },
            ],
          },
        ],
      },
    ],
  };
}
