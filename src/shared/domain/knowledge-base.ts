// Rules of the Institutional Knowledge Base. Pure: no I/O.

import type { KnowledgeFileType } from "../schemas/knowledge-base.ts";

/** The stored MIME types (as the upload check detected them) each uploaded file type may have. */
const TYPES_OF: Record<Exclude<KnowledgeFileType, "text" | "zip" | "rar">, readonly string[]> = {
  pdf: ["application/pdf"],
  doc: ["application/msword", "application/x-cfb"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  txt: ["text/plain"],
  md: ["text/markdown", "text/x-markdown"],
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png"],
  gif: ["image/gif"],
  mp4: ["video/mp4"],
  mov: ["video/quicktime"],
  mp3: ["audio/mpeg"],
  wav: ["audio/wav", "audio/x-wav", "audio/vnd.wave", "audio/wave"],
};

export type UploadedFileType =
  | { ok: true; fileType: KnowledgeFileType }
  | { ok: false; problem: "mismatch" | "unsupported" };

/**
 * An uploaded entry's `fileType` (spec B §3: the lowercase extension): the original name's
 * extension when it is one of the spec's types and agrees with the type detected from the file's
 * bytes; a name without a known extension takes the detected type's. A name that says one type
 * while the bytes say another is refused (`mismatch`), and so is a type the spec does not list.
 */
export function uploadedFileType(originalName: string, mimeType: string): UploadedFileType {
  const type = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const dot = originalName.lastIndexOf(".");
  const extension = dot > 0 ? originalName.slice(dot + 1).toLowerCase() : "";
  const known = Object.entries(TYPES_OF) as Array<[KnowledgeFileType, readonly string[]]>;
  const named = known.find(([fileType]) => fileType === extension);
  if (named)
    return named[1].includes(type) ? { ok: true, fileType: named[0] } : { ok: false, problem: "mismatch" };
  const detected = known.find(([, types]) => types.includes(type));
  return detected ? { ok: true, fileType: detected[0] } : { ok: false, problem: "unsupported" };
}

/** The text an entry's passages are made of when it has no file text: its title, then its content. */
export const typedText = (title: string, content: string) => `${title}\n\n${content}`;
