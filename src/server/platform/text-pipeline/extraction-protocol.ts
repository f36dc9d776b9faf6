// What text-extraction.ts and its worker thread (extraction-worker.ts) send each other.
import type { TextPage } from "../../../shared/domain/passages.ts";
import type { ZipLimits } from "./zip-check.ts";

/** The parsers: PDF (unpdf), DOCX (mammoth), DOC (word-extractor), TXT and MD (UTF-8 as it is). */
export type TextFormat = "pdf" | "docx" | "doc" | "text";

export interface WorkerRequest {
  format: TextFormat;
  bytes: Uint8Array;
  zipLimits: ZipLimits;
}

export type WorkerReply = { ok: true; pages: TextPage[] } | { ok: false; reason: string };
