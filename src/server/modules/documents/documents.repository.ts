import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Page } from "#shared/schemas/common.ts";
import type { DocumentListQuery } from "#shared/schemas/documents.ts";
import type { Database } from "../../db/client.ts";
import { type DocumentRow, documentTable as document, type NewDocumentRow } from "./documents.table.ts";

export function createDocumentsRepository(db: Database) {
  return {
    async insert(row: NewDocumentRow): Promise<DocumentRow> {
      const [inserted] = await db.insert(document).values(row).returning();
      return inserted as DocumentRow;
    },

    /** One person's documents, newest first. */
    async page(facultyId: number, query: DocumentListQuery): Promise<Page<DocumentRow>> {
      const mine = eq(document.facultyId, facultyId);
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

    /** A document of this person (undefined for anyone else's). */
    async findOwn(id: number, facultyId: number): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(document)
        .where(and(eq(document.id, id), eq(document.facultyId, facultyId)))
        .limit(1);
      return row;
    },

    /** The document recorded from this upload, if any. */
    async findByUpload(uploadId: string): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(document).where(eq(document.uploadId, uploadId)).limit(1);
      return row;
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
