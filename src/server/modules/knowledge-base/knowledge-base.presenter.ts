import type { KnowledgeEntry, KnowledgeEntrySummary } from "#shared/schemas/knowledge-base.ts";
import type { KnowledgeEntryRow, KnowledgeSummaryRow } from "./knowledge-base.table.ts";

export const toEntry = (row: KnowledgeEntryRow): KnowledgeEntry => ({
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
  passageCount: row.passageCount,
  fileSize: row.fileSize,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toSummary = (row: KnowledgeSummaryRow): KnowledgeEntrySummary => ({
  id: row.id,
  facultyId: row.facultyId,
  title: row.title,
  content: row.content,
  contentTruncated: Number(row.contentLength) > row.content.length,
  fileType: row.fileType,
  fileUrl: row.fileUrl,
  tags: row.tags,
  isPrivate: row.isPrivate,
  status: row.status,
  statusReason: row.statusReason,
  passageCount: Number(row.passageCount),
  fileSize: row.fileSize,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
  ownerName: row.ownerName,
});
