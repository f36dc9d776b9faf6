import type { DocumentSearchStatus } from "#shared/schemas/document-search.ts";

const documentsWord = (count: number) => (count === 1 ? "1 document" : `${count} documents`);

/**
 * What a search without hits suggests (spec B §2: a no-results message suggesting vectorizing),
 * from where one's documents stand: vectorizing only when a document offers its Vectorize button,
 * waiting when some are still being read, other words when everything is searched. Nothing
 * while the documents' state is not known yet.
 */
export function noHitAdvice(status: DocumentSearchStatus | undefined): string[] {
  if (!status) return [];
  if (status.documents === 0) {
    return [
      'You have no documents yet: upload one with "Include in AI search" chosen to search what it says.',
    ];
  }
  const advice: string[] = [];
  const waiting = status.indexing + status.notInSearch + status.failed;
  if (waiting === 0) {
    advice.push(
      status.ready > 0
        ? "All your documents are searched: try other words, or fewer of them."
        : "Your documents are images, audio or video, which have no text to search.",
    );
    return advice;
  }
  if (status.ready > 0) advice.push("Try other words, or fewer of them.");
  const one = (count: number, single: string, plural: string) => (count === 1 ? single : plural);
  if (status.indexing > 0) {
    advice.push(
      `${documentsWord(status.indexing)} ${one(status.indexing, "is", "are")} still being processed: ${one(status.indexing, "it", "they")} will be searchable when ready.`,
    );
  }
  if (status.notInSearch > 0) {
    advice.push(
      `${documentsWord(status.notInSearch)} ${one(status.notInSearch, "is", "are")} not in AI search yet: vectorize ${one(status.notInSearch, "it", "them")} with the Vectorize button under Your Documents.`,
    );
  }
  if (status.failed > 0) {
    advice.push(
      `${documentsWord(status.failed)} could not be read: the reason is on ${one(status.failed, "its", "their")} card under Your Documents.`,
    );
  }
  return advice;
}
