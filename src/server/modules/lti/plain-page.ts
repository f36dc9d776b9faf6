import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? "",
  );

/** The script as the page holds it: "</" escaped, so that it cannot end the script element. */
const inlineScript = (script: string) => script.replaceAll("</", "<\\/");

/**
 * A small HTML page the tool answers inside an LMS (its iframe or a window it opened): a title and
 * one message, readable on a 390 px phone. `script` is the tool's own code (never text from a
 * request).
 */
export function plainPage(title: string, message: string, script?: string): string {
  const scriptElement = script ? `<script>${inlineScript(script)}</script>` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { margin: 0; padding: 1.5rem 1rem; font: 1rem/1.5 system-ui, sans-serif; color: #1f2937; background: #fff; }
main { max-width: 36rem; margin: 0 auto; overflow-wrap: anywhere; }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
p { margin: 0; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
</main>
${scriptElement}
</body>
</html>
`;
}

/**
 * Sends a plain page that the LMS may show in its iframe or a window it opened: framing allowed
 * from any site (the LMS's address is not known here; the page has nothing to click) and the opener
 * kept (so `window.opener` reaches the LMS), where the app's own headers forbid both. Only the
 * page's own script runs (by its hash) and nothing is cached.
 */
export function sendPlainPage(
  reply: FastifyReply,
  status: number,
  page: { title: string; message: string; script?: string },
) {
  const scriptSource = page.script
    ? `'sha256-${createHash("sha256").update(inlineScript(page.script)).digest("base64")}'`
    : "'none'";
  reply.removeHeader("x-frame-options");
  return reply
    .code(status)
    .headers({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptSource}; base-uri 'none'; form-action 'none'; frame-ancestors *`,
      "cross-origin-opener-policy": "unsafe-none",
    })
    .send(plainPage(page.title, page.message, page.script));
}
