import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Page } from "#shared/schemas/common.ts";
import type { DocumentListQuery, DocumentStatus } from "#shared/schemas/documents.ts";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { documentPolicy } from "./documents.policy.ts";
import { type DocumentRow, documentTable as document, type NewDocumentRow } from "./documents.table.ts";

export function createDocumentsRepository(db: Database) {
  return {
    async insert(row: NewDocumentRow): Promise<DocumentRow> {
      const [inserted] = await db.insert(document).values(row).returning();
      return inserted as DocumentRow;
    },

    /** The documents a viewer may read (their own), newest first. */
    async page(viewer: Viewer, query: DocumentListQuery): Promise<Page<DocumentRow>> {
      const mine = documentPolicy.readable(viewer);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(document)
          .where(mine)
          .orderBy(desc(document.createdAt), desc(document.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(document).where(mine),
      ]);
      return { items, total: total?.value ?? 0 };
    },

    /** A document the viewer may change (undefined for anyone else's). */
    async findWritable(id: number, viewer: Viewer): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(document)
        .where(and(eq(document.id, id), documentPolicy.writable(viewer)))
        .limit(1);
      return row;
    },

    /** A document the viewer may read (undefined for anyone else's). */
    async findReadable(id: number, viewer: Viewer): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(document)
        .where(and(eq(document.id, id), documentPolicy.readable(viewer)))
        .limit(1);
      return row;
    },

    /** The document recorded from this upload, if any. */
    async findByUpload(uploadId: string): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(document).where(eq(document.uploadId, uploadId)).limit(1);
      return row;
    },

    /** Any document by id (for the indexing job, which acts for its owner). */
    async findById(id: number): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(document).where(eq(document.id, id)).limit(1);
      return row;
    },

    /** The viewer's documents among these ids. */
    async findReadableMany(ids: readonly number[], viewer: Viewer): Promise<DocumentRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(document)
        .where(and(inArray(document.id, [...ids]), documentPolicy.readable(viewer)));
    },

    async setStatus(id: number, status: DocumentStatus, reason: string | null, now: Date) {
      await db
        .update(document)
        .set({ status, statusReason: reason, updatedAt: now })
        .where(eq(document.id, id));
    },

    /**
     * Marks the viewer's document as waiting for indexing (and included in AI search) unless it is
     * already waiting or being indexed: the row when it was marked (a job is to be sent), undefined
     * when it was already queued.
     */
    async markQueued(id: number, viewer: Viewer, now: Date): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(document)
        .set({ status: "pending", statusReason: null, includeInVectorDb: true, updatedAt: now })
        .where(
          and(
            eq(document.id, id),
            documentPolicy.writable(viewer),
            sql`not (${document.includeInVectorDb} and ${document.status} in ('pending', 'processing'))`,
          ),
        )
        .returning();
      return row;
    },

    /** The viewer's documents counted by status, inclusion in AI search and type. */
    async statusCounts(viewer: Viewer) {
      const rows = await db
        .select({
          status: document.status,
          includeInVectorDb: document.includeInVectorDb,
          mimeType: document.mimeType,
          count: count(),
        })
        .from(document)
        .where(documentPolicy.readable(viewer))
        .groupBy(document.status, document.includeInVectorDb, document.mimeType);
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    async countDownload(id: number) {
      await db
        .update(document)
        .set({ downloadCount: sql`${document.downloadCount} + 1` })
        .where(eq(document.id, id));
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
