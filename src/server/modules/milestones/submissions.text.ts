import type { JobQueue } from "../../platform/jobs/jobs.ts";
import { extractText, hasText } from "../../platform/text-pipeline/text-extraction.ts";
import { objectKeyOf, type UploadsService } from "../uploads/uploads.service.ts";
import type { SubmissionsRepository } from "./submissions.repository.ts";

/** The queue that reads a handed-in file's text, one job per file. */
export const SUBMISSION_TEXT_QUEUE = "submission.extract-text";
/** The most of a file's text kept for the instructor's search. */
const EXTRACTED_TEXT_MAX = 200_000;

/**
 * A handed-in file's text for the instructor's search (`?q=`): read after the hand-in by a job,
 * in the text pipeline's child process, as documents are. A file without text (an image, a scan)
 * or one that cannot be read keeps `extracted_text` null; the hand-in never waits for it.
 */
export function createSubmissionText(deps: {
  submissions: SubmissionsRepository;
  uploads: UploadsService;
  jobs: JobQueue;
}) {
  const { submissions, uploads, jobs } = deps;
  jobs.work<{ fileId: number }>(SUBMISSION_TEXT_QUEUE, async ({ fileId }, job) => {
    const file = await submissions.fileById(Number(fileId));
    if (!file) return { skipped: "gone" };
    const body = await uploads.open(objectKeyOf(file.uploadId)).catch(() => null);
    if (!body) return { skipped: "no stored file" };
    const extraction = await extractText(body, file.mimeType, { signal: job.signal });
    if (extraction.status !== "text") return { skipped: extraction.status };
    const text = extraction.pages.map((page) => page.text).join("\n\n");
    await submissions.setExtractedText(file.id, text.slice(0, EXTRACTED_TEXT_MAX));
    return { characters: text.length };
  });

  return {
    /** Queues the reading of each of these files that may hold text. */
    async queue(files: ReadonlyArray<{ id: number; mimeType: string }>) {
      for (const file of files) {
        if (hasText(file.mimeType)) await jobs.send(SUBMISSION_TEXT_QUEUE, { fileId: file.id });
      }
    },
  };
}

export type SubmissionText = ReturnType<typeof createSubmissionText>;
