import PptxGenJS from "pptxgenjs";
import { DISCIPLINE_LABELS } from "#shared/constants.ts";
import type { DashboardStats, Faculty } from "#shared/schemas/auth.ts";
import type { ProjectRow } from "../projects/projects.table.ts";

const PRIMARY = "4338CA";
const INK = "0F172A";
const MUTED = "475569";
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

/**
 * Generate Presentation (spec A §2, issue 6): a real .pptx of the person's Pivot-and-Launch work:
 * a title slide, the method, one slide per project (pivot concepts and launch applications) and
 * their figures. Opens in PowerPoint, LibreOffice Impress and Keynote.
 */
export async function buildPresentation(input: {
  faculty: Faculty;
  stats: DashboardStats;
  projects: ProjectRow[];
  conversions: number;
  date: Date;
}): Promise<Buffer> {
  const { faculty, stats, projects, conversions, date } = input;
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.author = faculty.name;
  pptx.company = faculty.institution;
  pptx.title = `${faculty.name}: Pivot-and-Launch Course Design`;

  const title = pptx.addSlide();
  title.background = { color: PRIMARY };
  title.addText("Pivot-and-Launch Course Design", {
    x: 0.6,
    y: 2.2,
    w: 12,
    h: 1,
    fontSize: 40,
    bold: true,
    color: "FFFFFF",
  });
  title.addText(`${faculty.name} · ${faculty.title}, ${faculty.department}`, {
    x: 0.6,
    y: 3.3,
    w: 12,
    h: 0.6,
    fontSize: 20,
    color: "E0E7FF",
  });
  title.addText(`${faculty.institution} · ${date.toISOString().slice(0, 10)}`, {
    x: 0.6,
    y: 3.9,
    w: 12,
    h: 0.5,
    fontSize: 16,
    color: "E0E7FF",
  });

  const method = pptx.addSlide();
  method.addText("The Pivot-and-Launch Method", {
    x: 0.6,
    y: 0.4,
    w: 12,
    h: 0.8,
    fontSize: 30,
    bold: true,
    color: INK,
  });
  method.addText(
    [
      { text: "Pivot: ", options: { bold: true, color: PRIMARY } },
      {
        text: "strengthen a small set of core concepts until they are reliable.",
        options: { breakLine: true },
      },
      { text: "Launch: ", options: { bold: true, color: PRIMARY } },
      {
        text: "apply them in varied, real contexts with partners and audiences.",
        options: { breakLine: true },
      },
      { text: "Anti-overload: ", options: { bold: true, color: PRIMARY } },
      { text: "one new idea at a time, reference sheets instead of extra reading, focused check-ins." },
    ],
    { x: 0.6, y: 1.5, w: 12, h: 3.5, fontSize: 22, color: INK, valign: "top", paraSpaceAfter: 12 },
  );

  for (const project of projects.slice(0, MAX_PROJECT_SLIDES)) {
    const slide = pptx.addSlide();
    slide.addText(project.title, { x: 0.6, y: 0.4, w: 12, h: 0.8, fontSize: 28, bold: true, color: INK });
    slide.addText(`${disciplineLabel(project.discipline)} · ${project.status}`, {
      x: 0.6,
      y: 1.1,
      w: 12,
      h: 0.4,
      fontSize: 14,
      color: MUTED,
    });
    const column = (heading: string, lines: string[], x: number) => {
      slide.addText(heading, { x, y: 1.8, w: 5.8, h: 0.5, fontSize: 18, bold: true, color: PRIMARY });
      slide.addText(
        lines.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
        { x, y: 2.3, w: 5.8, h: 4.2, fontSize: 16, color: INK, valign: "top" },
      );
    };
    column("Pivot: core concepts", bulletsOf(project.methodology.pivotConcepts, "Not specified yet"), 0.6);
    column(
      "Launch: applications",
      bulletsOf(project.methodology.launchApplications, "Not specified yet"),
      6.9,
    );
  }
  if (projects.length === 0) {
    const slide = pptx.addSlide();
    slide.addText("Projects", { x: 0.6, y: 0.4, w: 12, h: 0.8, fontSize: 28, bold: true, color: INK });
    slide.addText("No projects yet: the Methodology Wizard creates the first one.", {
      x: 0.6,
      y: 1.6,
      w: 12,
      h: 1,
      fontSize: 20,
      color: MUTED,
    });
  }

  const figures = pptx.addSlide();
  figures.addText("Figures", { x: 0.6, y: 0.4, w: 12, h: 0.8, fontSize: 30, bold: true, color: INK });
  const rows: [string, string][] = [
    ["Active Projects", String(stats.activeProjects)],
    ["Students Engaged", String(stats.studentsEngaged)],
    ["Completion Rate", `${stats.completionRate}%`],
    ["Average Rating", stats.avgRating ? `${stats.avgRating.toFixed(1)} / 5` : "0"],
    ["Objectives Converted", String(conversions)],
  ];
  figures.addTable(
    rows.map(([label, value]) => [
      { text: label, options: { bold: true, color: INK } },
      { text: value, options: { color: PRIMARY, bold: true, align: "right" } },
    ]),
    { x: 0.6, y: 1.5, w: 8, colW: [5, 3], fontSize: 20, border: { type: "solid", color: "CBD5E1", pt: 1 } },
  );

  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}
