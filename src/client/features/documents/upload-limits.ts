/**
 * spec B §5 and §9: a document upload takes at most 5 files, each at most 50 MB (50*1024*1024
 * bytes, the server's limit too). Both are checked in the browser before a byte is sent; the
 * messages below are what the upload dialog shows, and Uppy's restriction strings are set to them.
 */
export const MAX_UPLOAD_FILES = 5;
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const TOO_MANY_FILES_MESSAGE = `You can upload at most ${MAX_UPLOAD_FILES} files at a time.`;

/** `name` is the file's name as chosen. */
export const fileTooLargeMessage = (name: string) =>
  `"${name}" is larger than 50 MB: each file may be at most 50 MB.`;

export interface CandidateFile {
  name: string;
  size: number;
}

/**
 * What refuses a batch of files added to the `queued` ones already chosen, or null when it may be
 * added: too many files refuses the whole batch; otherwise each file over 50 MB is refused alone.
 */
export function checkUploadBatch(
  queued: number,
  files: readonly CandidateFile[],
): { tooMany: string | null; tooLarge: { name: string; message: string }[] } {
  const tooLarge = files
    .filter((file) => file.size > MAX_UPLOAD_BYTES)
    .map((file) => ({ name: file.name, message: fileTooLargeMessage(file.name) }));
  const accepted = files.length - tooLarge.length;
  return {
    tooMany: queued + accepted > MAX_UPLOAD_FILES ? TOO_MANY_FILES_MESSAGE : null,
    tooLarge,
  };
}

/**
 * The Uppy options that enforce these limits with these messages (Uppy's own checks: per file
 * first, then the number of files of the batch, which refuses the whole batch).
 */
export const uppyLimitOptions = {
  restrictions: { maxNumberOfFiles: MAX_UPLOAD_FILES, maxFileSize: MAX_UPLOAD_BYTES },
  locale: {
    strings: {
      youCanOnlyUploadX: { 0: TOO_MANY_FILES_MESSAGE, 1: TOO_MANY_FILES_MESSAGE },
      exceedsSize: fileTooLargeMessage("%{file}"),
    },
    pluralize: (count: number) => (count === 1 ? 0 : 1),
  },
} as const;

/** "1.5 MB": sizes as the list shows them (1024-based, as the limit). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "Unknown size";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A short name for a document's type ("PDF", "Word", "Text", ...), from its MIME type and name. */
export function fileTypeLabel(mimeType: string, name: string): string {
  const known: Record<string, string> = {
    "application/pdf": "PDF",
    "application/msword": "Word (DOC)",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word (DOCX)",
    "text/plain": "Text",
    "text/markdown": "Markdown",
  };
  if (known[mimeType]) return known[mimeType];
  const [kind, sub] = mimeType.split("/");
  if (kind === "image" || kind === "audio" || kind === "video") {
    return `${kind[0]?.toUpperCase()}${kind.slice(1)} (${(sub ?? "").toUpperCase()})`;
  }
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  return extension ? extension.toUpperCase() : mimeType || "Unknown type";
}

/** Images, audio and video are stored and downloadable but have no text to index (issue 14, item 5). */
export const hasNoText = (mimeType: string) => /^(image|audio|video)\//.test(mimeType);

export const NO_TEXT_MESSAGE = "This file type has no text to index";
