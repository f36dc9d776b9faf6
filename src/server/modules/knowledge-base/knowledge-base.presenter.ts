import type { KnowledgeEntry, KnowledgeEntrySummary } from "#shared/schemas/knowledge-base.ts";
import type { KnowledgeEntryRow, KnowledgeSummaryRow } from "./knowledge-base.table.ts";

/** What an entry and its summary both show; a summary's dates may come back from SQL as text. */
const sharedFields = (row: KnowledgeEntryRow | KnowledgeSummaryRow) => ({
  id: row.id,
  facultyId: row.facultyId,
  title: row.title,
  content: row.content,
  fileType: row.fileType,
  fileUrl: row.fileUrl,
  tags: row.tags,
  isPrivate: row.isPrivate,
  status: row.status,
  statusReason: row.statusReason,
  fileSize: row.fileSize,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

export const toEntry = (row: KnowledgeEntryRow): KnowledgeEntry => ({
  ...sharedFields(row),
  passageCount: row.passageCount,
});

export const toSummary = (row: KnowledgeSummaryRow): KnowledgeEntrySummary => ({
  ...sharedFields(row),
  contentTruncated: Number(row.contentLength) > row.content.length,
  passageCount: Number(row.passageCount),
  ownerName: row.ownerName,
});
