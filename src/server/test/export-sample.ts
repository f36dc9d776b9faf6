import type { ExportDocument } from "../modules/exports/export-document.ts";

/** Markup, quotes and an ampersand: every format must show it as text. */
export const HOSTILE = `<script>alert("x")</script> & 'quotes'`;

/**
 * A document using every block the model has, with accents (Latin-1 and beyond) and markup in its
 * text, for the renderer tests. The second section starts on a new page.
 */
export function sampleExportDocument(overrides: Partial<ExportDocument> = {}): ExportDocument {
  return {
    title: "Méthode Pivot-and-Launch",
    subtitle: "Café Cooperative Pilot",
    cover: [
      { kind: "paragraph", text: "Prepared by Zoë Ångström", tone: "muted" },
      { kind: "paragraph", text: "Pivot first, then launch.", tone: "emphasis" },
    ],
    metadata: {
      author: "Zoë Ångström",
      organisation: "Université de Lyon",
      description: "A sample export",
      keywords: ["pbl", "pivot"],
    },
    sections: [
      {
        title: "Overview",
        subtitle: "Discipline: Chemistry · Duration: 6 weeks",
        blocks: [
          { kind: "paragraph", text: `Students redesign a titration lab. ${HOSTILE}` },
          {
            kind: "paragraph",
            text: [
              { text: "Pivot: ", strong: true },
              { text: "calibration curves, " },
              { text: "first", emphasis: true },
            ],
          },
          { kind: "heading", level: 2, text: "Deliverables" },
          { kind: "bullets", items: ["Lab report", "Poster for the café"], empty: "No deliverables listed." },
          { kind: "heading", level: 3, text: "Tools" },
          { kind: "bullets", items: [], empty: "No tools listed." },
          {
            kind: "table",
            columns: [
              { label: "#", width: 10 },
              { label: "Phase", width: 60 },
              { label: "Hours", align: "right" },
            ],
            rows: [
              ["1", "Pivot: titration", "12"],
              ["2", 'Launch: field work, "river" site', "24"],
            ],
          },
        ],
      },
      {
        title: "Plan",
        newPage: true,
        blocks: [
          {
            kind: "facts",
            items: [
              { label: "Class Size", value: "30" },
              { label: "Core Concepts", value: "Calibration curves\nDetection limits" },
            ],
          },
          {
            kind: "columns",
            columns: [
              [
                { kind: "heading", level: 2, text: "Pivot: core concepts" },
                { kind: "bullets", items: ["Molarity"] },
              ],
              [
                { kind: "heading", level: 2, text: "Launch: applications" },
                { kind: "bullets", items: ["River survey"] },
              ],
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}
