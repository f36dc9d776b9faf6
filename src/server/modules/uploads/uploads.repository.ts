import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/client.ts";
import { removedObjectTable, type UploadRow, uploadTable as upload } from "./uploads.table.ts";

/**
 * The tables whose rows name an upload (an `upload_id` column referencing it): an upload none of
 * them names is not kept past a day: documents, the knowledge base's entries, submissions' files.
 */
export const UPLOAD_REFERENCES = ["document", "knowledge_entry", "submission_file"] as const;

export function createUploadsRepository(db: Database) {
  return {
    async insert(row: Pick<UploadRow, "id" | "facultyId" | "objectKey" | "originalName" | "expiresAt">) {
      await db.insert(upload).values(row);
    },

    /** Claims an address for its one PUT: only the owner's, unexpired, never used before. */
    async claim(id: string, facultyId: number, now: Date): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(upload)
        .set({ startedAt: now })
        .where(
          and(
            eq(upload.id, id),
            eq(upload.facultyId, facultyId),
            isNull(upload.startedAt),
            gt(upload.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async complete(id: string, values: { size: number; mimeType: string; completedAt: Date }) {
      await db.update(upload).set(values).where(eq(upload.id, id));
    },

    /** A completed upload of this person, by its object key. */
    async findCompleted(objectKey: string, facultyId: number): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(upload)
        .where(
          and(
            eq(upload.objectKey, objectKey),
            eq(upload.facultyId, facultyId),
            isNotNull(upload.completedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Forgets this person's addresses that expired unused, and uploads refused or cut off over an
     * hour ago (their bytes were already removed): rows no record can ever use.
     */
    async removeStale(facultyId: number, now: Date) {
      const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
      await db
        .delete(upload)
        .where(
          and(
            eq(upload.facultyId, facultyId),
            isNull(upload.completedAt),
            lt(upload.expiresAt, now),
            or(isNull(upload.startedAt), lt(upload.startedAt, hourAgo)),
          ),
        );
    },

    /** Whether a record (a document, a knowledge entry) already names this upload: one record per upload. */
    async isRecorded(uploadId: string): Promise<boolean> {
      const named = sql.join(
        UPLOAD_REFERENCES.map(
          (table) => sql`exists (select 1 from ${sql.identifier(table)} r where r.upload_id = ${uploadId})`,
        ),
        sql` or `,
      );
      const [row] = await selectRows<{ named: boolean }>(db, sql`select (${named}) as named`);
      return row?.named === true;
    },

    /** How many upload rows this person has (for tests). */
    async countOf(facultyId: number) {
      const [row] = await db.select({ value: count() }).from(upload).where(eq(upload.facultyId, facultyId));
      return row?.value ?? 0;
    },

    /**
     * Deletes up to `limit` completed uploads finished before `before` that no record names; the
     * trigger of migration 0011 leaves their object keys in `removed_object`. Answers how many.
     */
    async removeUnrecorded(before: Date, limit: number): Promise<number> {
      const unnamed = sql.join(
        UPLOAD_REFERENCES.map(
          (table) => sql`not exists (select 1 from ${sql.identifier(table)} r where r.upload_id = u.id)`,
        ),
        sql` and `,
      );
      const rows = await selectRows<{ id: string }>(
        db,
        sql`delete from upload where id in (
              select u.id from upload u
              where u.completed_at is not null and u.completed_at < ${before.toISOString()}::timestamptz and ${unnamed}
              order by u.completed_at
              limit ${limit}
            ) returning id`,
      );
      return rows.length;
    },

    /** Object keys whose upload row is gone, oldest first. */
    async removedObjects(limit: number): Promise<string[]> {
      const rows = await db
        .select({ objectKey: removedObjectTable.objectKey })
        .from(removedObjectTable)
        .orderBy(removedObjectTable.removedAt)
        .limit(limit);
      return rows.map((row) => row.objectKey);
    },

    /** Forgets a removed object's key once its object is deleted (unless an upload uses the key again). */
    async forgetRemovedObject(objectKey: string) {
      await db.delete(removedObjectTable).where(eq(removedObjectTable.objectKey, objectKey));
    },

    async remove(id: string) {
      await db.delete(upload).where(eq(upload.id, id));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
