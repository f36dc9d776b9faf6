import {
  type Block,
  chartAsTable,
  columnWidths,
  type ExportDocument,
  type ExportSection,
  type RichText,
  runsOf,
} from "./export-document.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text as HTML: every markup character escaped, line breaks kept. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
const withBreaks = (text: string) => escapeHtml(text).replace(/\r?\n/g, "<br>\n");

function richHtml(text: RichText): string {
  return runsOf(text)
    .map((run) => {
      let html = withBreaks(run.text);
      if (run.emphasis) html = `<em>${html}</em>`;
      if (run.strong) html = `<strong>${html}</strong>`;
      return html;
    })
    .join("");
}

/** `sectionLevel`: the level of the section's title (2), or 1 when it has none, so no level is skipped. */
function blockHtml(block: Block, sectionLevel = 2): string {
  switch (block.kind) {
    case "heading": {
      const level = sectionLevel + block.level - 1;
      return `<h${level}>${escapeHtml(block.text)}</h${level}>`;
    }
    case "paragraph":
      return `<p${block.tone ? ` class="${block.tone}"` : ""}>${richHtml(block.text)}</p>`;
    case "bullets":
      if (block.items.length === 0)
        return block.empty ? `<p class="empty">${escapeHtml(block.empty)}</p>` : "";
      return `<ul>\n${block.items.map((item) => `<li>${withBreaks(item)}</li>`).join("\n")}\n</ul>`;
    case "table": {
      const widths = columnWidths(block.columns);
      const align = (index: number) => (block.columns[index]?.align === "right" ? ' class="right"' : "");
      const head = block.columns
        .map((column, index) => `<th scope="col"${align(index)}>${escapeHtml(column.label)}</th>`)
        .join("");
      const body = block.rows
        .map(
          (row) =>
            `<tr>${row.map((cell, index) => `<td${align(index)}>${withBreaks(cell)}</td>`).join("")}</tr>`,
        )
        .join("\n");
      const cols = widths.map((width) => `<col style="width: ${width.toFixed(1)}%">`).join("");
      return `<table>\n<colgroup>${cols}</colgroup>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
    }
    case "chart":
      return blockHtml(chartAsTable(block), sectionLevel);
    case "facts":
      return `<dl>\n${block.items
        .map((fact) => `<div><dt>${escapeHtml(fact.label)}</dt><dd>${withBreaks(fact.value)}</dd></div>`)
        .join("\n")}\n</dl>`;
    case "columns":
      return `<div class="columns">\n${block.columns
        .map((column) => `<div>\n${column.map((inner) => blockHtml(inner, sectionLevel)).join("\n")}\n</div>`)
        .join("\n")}\n</div>`;
  }
}

function sectionHtml(section: ExportSection): string {
  const parts = [
    section.title ? `<h2>${escapeHtml(section.title)}</h2>` : "",
    section.subtitle ? `<p class="muted">${escapeHtml(section.subtitle)}</p>` : "",
    ...section.blocks.map((block) => blockHtml(block, section.title ? 2 : 1)),
  ].filter(Boolean);
  return `<section${section.newPage ? ' class="new-page"' : ""}>\n${parts.join("\n")}\n</section>`;
}

const STYLE = `
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; margin: 0; }
main { max-width: 48rem; margin: 0 auto; padding: 2rem 1.25rem; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 .5rem; }
h2 { font-size: 1.5rem; color: #3730a3; margin: 2rem 0 .5rem; }
h3 { font-size: 1.2rem; margin: 1.5rem 0 .25rem; }
h4 { font-size: 1rem; margin: 1.25rem 0 .25rem; }
.subtitle { font-size: 1.2rem; margin: 0; }
.muted, .empty { color: #475569; }
.empty, .emphasis { font-style: italic; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { border: 1px solid #cbd5e1; padding: .35rem .5rem; text-align: left; vertical-align: top; }
th { background: #f1f5f9; }
.right { text-align: right; }
dl { margin: .5rem 0 1rem; }
dl div { display: flex; flex-wrap: wrap; gap: 0 .5rem; }
dt { font-weight: 600; }
dt::after { content: ":"; }
dd { margin: 0; }
.columns { display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); }
@media print { main { max-width: none; padding: 0; } .new-page { break-before: page; } }
`;

/**
 * A standalone HTML page: `lang`, a title, the document title as the one h1, section titles as
 * h2 and headings below them in order; every text escaped. Opens in any browser and in Word.
 */
export function renderHtml(document: ExportDocument): Buffer {
  const meta = document.metadata ?? {};
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title ?? document.title)}</title>`,
    meta.author ? `<meta name="author" content="${escapeHtml(meta.author)}">` : "",
    meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : "",
    meta.keywords?.length ? `<meta name="keywords" content="${escapeHtml(meta.keywords.join(", "))}">` : "",
    '<meta name="generator" content="Pivot &amp; Launch">',
    `<style>${STYLE}</style>`,
  ].filter(Boolean);
  const header = [
    `<h1>${escapeHtml(document.title)}</h1>`,
    document.subtitle ? `<p class="subtitle">${escapeHtml(document.subtitle)}</p>` : "",
    ...(document.cover ?? []).map((line) => blockHtml(line)),
  ].filter(Boolean);
  const html = `<!doctype html>
<html lang="${escapeHtml(meta.language ?? "en")}">
<head>
${head.join("\n")}
</head>
<body>
<main>
<header>
${header.join("\n")}
</header>
${document.sections.map(sectionHtml).join("\n")}
</main>
</body>
</html>
`;
  return Buffer.from(html);
}
