/**
 * spec B §5 and §9: a document upload takes at most 5 files, each at most 50 MB (50*1024*1024
 * bytes, the server's limit too). Both are checked in the browser before a byte is sent; the
 * messages below are what the upload dialog shows, and Uppy's restriction strings are set to them.
 */
import { formatFileSize, uploadLimits } from "#client/components/uploads/upload-limits.ts";

export type { CandidateFile } from "#client/components/uploads/upload-limits.ts";
export { formatFileSize };

const limits = uploadLimits(5, 50 * 1024 * 1024);

export const MAX_UPLOAD_FILES = limits.maxFiles;
export const MAX_UPLOAD_BYTES = limits.maxBytes;

export const TOO_MANY_FILES_MESSAGE = limits.tooManyFilesMessage;

/** `name` is the file's name as chosen. */
export const fileTooLargeMessage = limits.fileTooLargeMessage;

/**
 * What refuses a batch of files added to the `queued` ones already chosen, or null when it may be
 * added: too many files refuses the whole batch; otherwise each file over 50 MB is refused alone.
 */
export const checkUploadBatch = limits.checkBatch;

/** The Uppy options that enforce these limits with these messages. */
export const uppyLimitOptions = limits.uppyOptions;

/** Every limit of the document upload, for the shared uploader. */
export const DOCUMENT_UPLOAD_LIMITS = limits;

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

/** Images, audio and video are stored and downloadable but have no text to index. */
export const hasNoText = (mimeType: string) => /^(image|audio|video)\//.test(mimeType);

export const NO_TEXT_MESSAGE = "This file type has no text to index";
