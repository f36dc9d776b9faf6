// Gzipped size of the JavaScript the sign-in page loads.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface SizedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export function gzipSize(content: Buffer | Uint8Array): number {
  return gzipSync(content, { level: 9 }).length;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The module scripts and modulepreload links of a built index.html, as written there. */
export function entryScripts(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src && attribute(tag, "type")?.toLowerCase() === "module") found.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, "href");
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    if (href && rel.includes("modulepreload")) found.push(href);
  }
  return [...new Set(found)];
}

/**
 * Parses `<distDir>/index.html` for `<script type="module" src>` and `<link rel="modulepreload" href>`
 * and gzips (level 9) each file they name.
 */
export function entryBundleSize(distDir: string): {
  files: SizedFile[];
  totalGzip: number;
  totalBytes: number;
} {
  const indexPath = path.join(distDir, "index.html");
  const html = fs.readFileSync(indexPath, "utf8");
  const references = entryScripts(html);
  if (references.length === 0) throw new Error(`${indexPath} names no module script`);
  const files = references.map((reference) => {
    if (/^(https?:)?\/\//i.test(reference))
      throw new Error(`${indexPath} loads a remote script: ${reference}`);
    const relative = decodeURIComponent(reference.replace(/[?#].*$/, "")).replace(/^\.?\//, "");
    const file = path.join(distDir, relative);
    const content = fs.readFileSync(file);
    return { file: relative, bytes: content.length, gzipBytes: gzipSize(content) };
  });
  return {
    files,
    totalGzip: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
  };
}
