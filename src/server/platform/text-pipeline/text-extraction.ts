import { fork } from "node:child_process";
import fs from "node:fs";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import {
  type Passage,
  type PassageOptions,
  splitIntoPassages,
  type TextPage,
} from "../../../shared/domain/passages.ts";
import type { TextFormat, WorkerReply, WorkerRequest } from "./extraction-protocol.ts";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./zip-check.ts";

// Text extraction for the search index. Each file is parsed in a child process
// of its own, with a memory limit and a time limit that end it: a damaged, hostile or huge
// file fails its job with a reason, and the server keeps serving. Run from background jobs
// (platform/jobs/jobs.ts), never in a request.

/** What the document routes answer (422) for a file whose type has no text (spec part B, §8). */
export const NO_TEXT_MESSAGE = "This file type has no text to index";

export type Extraction =
  | { status: "text"; format: TextFormat; pages: TextPage[] }
  | { status: "no-text"; message: typeof NO_TEXT_MESSAGE }
  | { status: "failed"; reason: string };

export type PassageExtraction =
  | { status: "text"; format: TextFormat; pages: TextPage[]; passages: Passage[] }
  | Exclude<Extraction, { status: "text" }>;

export interface ExtractionOptions {
  /** Longest a file may take to read (default 60 s): its process is killed after it. */
  timeoutMs?: number;
  /** The reading process's heap limit (default 512 MB): a parser that needs more ends with a reason. */
  memoryLimitMb?: number;
  /** Largest file read (default 50 MiB, the upload limit, plus a little). */
  maxBytes?: number;
  zipLimits?: ZipLimits;
  /** Aborting kills the reading process; the call then throws the signal's reason (a job retries). */
  signal?: AbortSignal;
}

/** A file's bytes as a stream (object storage gives a Readable), a path, or the bytes themselves. */
export type ExtractionInput = Readable | AsyncIterable<Uint8Array> | Uint8Array | { path: string };

const MiB = 1024 * 1024;
const DEFAULTS = { timeoutMs: 60_000, memoryLimitMb: 512, maxBytes: 50 * MiB + 64 * 1024 };

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The parser for a MIME type (as the file's first bytes gave it, not its name): "none" for images,
 * audio and video, which are stored but have no text; undefined for a type with no parser.
 */
export function textFormatOf(mimeType: string): TextFormat | "none" | undefined {
  const type = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  if (type === "application/pdf") return "pdf";
  if (type === DOCX) return "docx";
  // file-type names a Word 97-2003 file by its container, an OLE compound file.
  if (type === "application/msword" || type === "application/x-cfb") return "doc";
  if (type === "text/plain" || type === "text/markdown" || type === "text/x-markdown") return "text";
  if (/^(image|audio|video)\//.test(type)) return "none";
  return undefined;
}

/** Whether a file of this type can be indexed (the routes answer 422 NO_TEXT_MESSAGE otherwise). */
export const hasText = (mimeType: string) => {
  const format = textFormatOf(mimeType);
  return format !== undefined && format !== "none";
};

class TooLarge extends Error {}

/** The input's bytes in one buffer, refusing more than `maxBytes`. */
async function readAll(input: ExtractionInput, maxBytes: number): Promise<Uint8Array> {
  if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) throw new TooLarge();
    return new Uint8Array(input);
  }
  const source: AsyncIterable<Uint8Array> =
    "path" in input && typeof input.path === "string"
      ? fs.createReadStream(input.path)
      : (input as AsyncIterable<Uint8Array>);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    total += bytes.byteLength;
    if (total > maxBytes) {
      if ("destroy" in source && typeof source.destroy === "function") source.destroy();
      throw new TooLarge();
    }
    chunks.push(bytes);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/**
 * The process each file is read in: the compiled extraction-worker.js beside the server's chunks,
 * or from source (tests, `npm run dev`) the TypeScript file beside this one through tsx.
 */
function workerScript(): { file: string; execArgv: string[] } {
  const compiled = !import.meta.url.endsWith(".ts");
  const file = fileURLToPath(
    new URL(compiled ? "./extraction-worker.js" : "./extraction-worker.ts", import.meta.url),
  );
  return { file, execArgv: compiled ? [] : ["--import", "tsx"] };
}

/**
 * Reads one file in a child process of its own. Not a worker thread: a worker that runs out of
 * memory in some places (V8 serialising its answer, for one) ends the whole process, as this
 * module's tests found on Node 20. A child's heap limit, a time limit (SIGKILL) and an abort end
 * the child only.
 */
function runWorker(
  request: WorkerRequest,
  options: Required<Omit<ExtractionOptions, "signal" | "zipLimits">> & { signal?: AbortSignal },
): Promise<WorkerReply> {
  const { file, execArgv } = workerScript();
  return new Promise<WorkerReply>((resolve, reject) => {
    const child = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${options.memoryLimitMb}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      // Not the server's environment: a parser subverted by a hostile file finds no secrets there
      // (APP_SECRET, AI and S3 keys, DATABASE_URL).
      env: { PATH: process.env.PATH ?? "" },
    });
    // pdf.js and the others may write warnings; only the end is kept, to tell why a child died.
    let stderrTail = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-4000);
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          resolve({
            ok: false,
            reason: `Reading the file took longer than ${Math.round(options.timeoutMs / 1000)} s, so it was stopped`,
          }),
        ),
      options.timeoutMs,
    );
    const onAbort = () => settle(() => reject(options.signal?.reason ?? new Error("extraction aborted")));
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.once("message", (reply: WorkerReply) => settle(() => resolve(reply)));
    child.once("error", (error: Error) =>
      settle(() => resolve({ ok: false, reason: `The text extraction could not start: ${error.message}` })),
    );
    child.once("exit", (code, signal) => {
      // An answer may still be on its way when the child exits: let it arrive first.
      setImmediate(() =>
        settle(() =>
          resolve({
            ok: false,
            reason: /heap out of memory|Allocation failed/.test(stderrTail)
              ? `Reading the file needed more than ${options.memoryLimitMb} MB of memory, so it was stopped`
              : `The text extraction stopped unexpectedly (${signal ?? `exit code ${code}`})`,
          }),
        ),
      );
    });
    child.send(request);
  });
}

/**
 * The text of a file, page by page for a PDF. Never throws for a bad file: a damaged, encrypted,
 * over-large or over-long one ends `failed` with a reason a person can read; images, audio and
 * video end `no-text`. Throws only when `signal` aborts it.
 */
export async function extractText(
  input: ExtractionInput,
  mimeType: string,
  options: ExtractionOptions = {},
): Promise<Extraction> {
  const format = textFormatOf(mimeType);
  const settings = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    memoryLimitMb: options.memoryLimitMb ?? DEFAULTS.memoryLimitMb,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    signal: options.signal,
  };
  if (format === "none") {
    // The stream is not read; a caller with an open stream closes it.
    if (input && typeof (input as Readable).destroy === "function") (input as Readable).destroy();
    return { status: "no-text", message: NO_TEXT_MESSAGE };
  }
  if (format === undefined) {
    if (input && typeof (input as Readable).destroy === "function") (input as Readable).destroy();
    return { status: "failed", reason: `Files of type ${mimeType || "unknown"} cannot be indexed` };
  }
  let bytes: Uint8Array;
  try {
    bytes = await readAll(input, settings.maxBytes);
  } catch (error) {
    if (error instanceof TooLarge) {
      return {
        status: "failed",
        reason: `The file is larger than ${Math.floor(settings.maxBytes / MiB)} MiB`,
      };
    }
    return {
      status: "failed",
      reason: `The file could not be read from storage: ${(error as Error).message}`,
    };
  }
  const reply = await runWorker(
    { format, bytes, zipLimits: options.zipLimits ?? DEFAULT_ZIP_LIMITS },
    settings,
  );
  if (!reply.ok) return { status: "failed", reason: reply.reason };
  // PostgreSQL cannot store a NUL character in text; the passages normalise the rest.
  const pages = reply.pages.map((page) => ({ page: page.page, text: page.text.replaceAll("\u0000", "") }));
  if (pages.every((page) => page.text.trim() === "")) {
    return {
      status: "failed",
      reason:
        format === "pdf"
          ? "No text was found in the PDF (a scanned document holds only pictures of its pages)"
          : "No text was found in the file",
    };
  }
  return { status: "text", format, pages };
}

/** extractText, then the text split into passages (shared/domain/passages.ts): what the document job stores. */
export async function extractPassages(
  input: ExtractionInput,
  mimeType: string,
  options: ExtractionOptions & { passages?: PassageOptions } = {},
): Promise<PassageExtraction> {
  const extraction = await extractText(input, mimeType, options);
  if (extraction.status !== "text") return extraction;
  return { ...extraction, passages: splitIntoPassages(extraction.pages, options.passages) };
}
