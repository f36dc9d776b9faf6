const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A page for the LMS's iframe or window when a step of the bridge cannot go on (or is done): a
 * title and one sentence, readable on a phone, with no stack trace and nothing from the request.
 */
export function plainPage(title: string, message: string, script?: string): string {
  const body = `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Pivot &amp; Launch</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937;background:#fff}main{max-width:36rem;margin:0 auto}h1{font-size:1.25rem}p{line-height:1.5}</style></head><body>${body}${script ? `<script>${script}</script>` : ""}</body></html>`;
}
