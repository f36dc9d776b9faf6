/**
 * The limits of one upload widget (how many files at once, how many bytes each), checked in the
 * browser before a byte is sent, with the messages a person reads. The Document Manager takes 5
 * files (spec B §5), the Knowledge Base's quick upload 10 (spec B §9); both 50 MB each.
 */
export interface CandidateFile {
  name: string;
  size: number;
}

export interface UploadLimits {
  maxFiles: number;
  maxBytes: number;
  tooManyFilesMessage: string;
  fileTooLargeMessage: (name: string) => string;
  /**
   * What refuses a batch of files added to the `queued` ones already chosen: too many files refuses
   * the whole batch; otherwise each file over the size limit is refused alone.
   */
  checkBatch: (
    queued: number,
    files: readonly CandidateFile[],
  ) => { tooMany: string | null; tooLarge: { name: string; message: string }[] };
  /** Uppy's options that enforce these limits with these messages. */
  uppyOptions: {
    restrictions: { maxNumberOfFiles: number; maxFileSize: number };
    locale: {
      strings: { youCanOnlyUploadX: { 0: string; 1: string }; exceedsSize: string };
      pluralize: (count: number) => number;
    };
  };
}

/** "50 MB" for 50*1024*1024 (1024-based, as the limit). */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export function uploadLimits(maxFiles: number, maxBytes: number): UploadLimits {
  const size = megabytes(maxBytes);
  const tooManyFilesMessage = `You can upload at most ${maxFiles} files at a time.`;
  const fileTooLargeMessage = (name: string) =>
    `"${name}" is larger than ${size}: each file may be at most ${size}.`;
  return {
    maxFiles,
    maxBytes,
    tooManyFilesMessage,
    fileTooLargeMessage,
    checkBatch: (queued, files) => {
      const tooLarge = files
        .filter((file) => file.size > maxBytes)
        .map((file) => ({ name: file.name, message: fileTooLargeMessage(file.name) }));
      const accepted = files.length - tooLarge.length;
      return { tooMany: queued + accepted > maxFiles ? tooManyFilesMessage : null, tooLarge };
    },
    // Uppy's own checks: per file first, then the number of files of the batch (refusing it whole).
    uppyOptions: {
      restrictions: { maxNumberOfFiles: maxFiles, maxFileSize: maxBytes },
      locale: {
        strings: {
          youCanOnlyUploadX: { 0: tooManyFilesMessage, 1: tooManyFilesMessage },
          exceedsSize: fileTooLargeMessage("%{file}"),
        },
        pluralize: (count: number) => (count === 1 ? 0 : 1),
      },
    },
  };
}

/** "1.5 MB": sizes as lists show them (1024-based, as the limit). */
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
