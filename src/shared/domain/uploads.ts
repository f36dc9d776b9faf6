/**
 * What an upload may be (spec B §5, §9): the spec's document types, recognised
 * from the file's first bytes, never from its name or the MIME type the browser sends. Pure rules;
 * the server feeds them what `file-type` detected and the bytes it read.
 */

/** spec B §9: 50 MB (50*1024*1024) per file. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** spec B §9: at most 5 files per document upload. */
export const MAX_DOCUMENT_FILES = 5;
/** How long an upload address stays valid. */
export const UPLOAD_URL_LIFETIME_MS = 15 * 60 * 1000;

export const ACCEPTED_TYPES_TEXT = "PDF, DOC, DOCX, TXT, MD, images, audio or video";

export const UPLOAD_MESSAGES = {
  tooLarge: "The file is larger than 50 MB (50*1024*1024 bytes), the most one upload may hold.",
  unsupported: `This type of file is not accepted. Upload a ${ACCEPTED_TYPES_TEXT} file.`,
  empty: "The file is empty.",
  badAddress:
    "This upload address is not valid: it has expired, was already used, or is not yours. Ask for a new one.",
  notUploaded: "No finished upload of yours has this fileUrl: upload the file first.",
  alreadyRecorded: "This upload is already recorded as a document.",
} as const;

/** MIME types detected by magic bytes that are accepted as they are. */
const EXACT = new Set([
  "application/pdf",
  // DOC: Word 97-2003 is an OLE compound file, which file-type names application/x-cfb.
  "application/x-cfb",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
]);

/** Images that are pictures only (SVG is markup and may carry script; it is never detected as binary anyway). */
const isPicture = (mime: string) => mime.startsWith("image/") && !mime.includes("svg");

/** Whether a type that `file-type` detected is one of the spec's document types. */
export const isAcceptedBinaryType = (mime: string) =>
  EXACT.has(mime) || isPicture(mime) || mime.startsWith("audio/") || mime.startsWith("video/");

/** The MIME type a document is stored and served with (the compound-file name of DOC becomes Word's). */
export const storedMimeType = (detected: string) =>
  detected === "application/x-cfb" ? "application/msword" : detected;

/**
 * Markup a browser would render or run: HTML, SVG, XML. Text (TXT/MD) has no magic bytes, so the
 * text rule refuses a file whose first bytes open like markup or that holds these tags anywhere
 * in its first 64 KiB (even inside a Markdown code block: safe over sorry).
 */
const MARKUP_START =
  /^\s*<(?:!doctype|html|head|body|\?xml|svg|script|iframe|object|embed|meta|link|style|!--)/i;
const MARKUP_ANYWHERE = /<(?:html|svg|script|iframe|object|embed|\?xml|!doctype)[\s/>]/i;

/**
 * Control characters no text file holds: everything below 0x20 except tab, line feed, form feed
 * and carriage return (and ESC, which some logs and ANSI-coloured text carry), plus DEL.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\u007f]/;

export type TextVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The text rule for TXT and MD, applied to a decoded piece of the file: no control characters
 * (NUL first of all) and, for the file's first piece, nothing that looks like HTML, SVG or XML.
 * The server checks that the whole file is valid UTF-8 as it streams.
 */
export function checkTextPiece(decoded: string, first: boolean): TextVerdict {
  if (CONTROL.test(decoded)) return { ok: false, reason: "holds control characters, so it is not text" };
  if (first) {
    const body = decoded.replace(/^\ufeff/, "");
    if (MARKUP_START.test(body) || MARKUP_ANYWHERE.test(body))
      return { ok: false, reason: "looks like HTML, SVG or XML" };
  }
  return { ok: true };
}

/**
 * The binary types a file's name may claim, by extension, as people name them. A refused file
 * whose name claims one of these is told it is not a real one (an executable renamed .pdf), since
 * "upload a PDF..." would answer someone who believes they chose a PDF.
 */
const CLAIMED_TYPES: Record<string, string> = {
  pdf: "PDF",
  doc: "DOC",
  docx: "DOCX",
  png: "PNG",
  jpg: "JPEG",
  jpeg: "JPEG",
  gif: "GIF",
  webp: "WebP",
  mp3: "MP3",
  wav: "WAV",
  mp4: "MP4",
  mov: "MOV",
};

/** The type a file's name claims (its extension), when it is one of the binary types above. */
export function claimedType(fileName: string): string | undefined {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension ? CLAIMED_TYPES[extension] : undefined;
}

/** Why a file was refused: not the type its name claims, or else not a type accepted at all. */
export function refusedTypeMessage(fileName: string): string {
  const claimed = claimedType(fileName);
  return claimed ? `This file is not a real ${claimed}.` : UPLOAD_MESSAGES.unsupported;
}

/** Text files are TXT, or MD when the name says so (the content rule above decides whether it is text). */
export const textMimeType = (fileName: string) =>
  /\.(md|markdown)$/i.test(fileName) ? "text/markdown" : "text/plain";

/**
 * A file name as it is stored and offered for download: the last path segment, control and
 * reserved characters replaced, at most 200 characters, never empty.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 200);
  return cleaned || "file";
}
