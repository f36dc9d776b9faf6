import { and, count, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type UploadRow, uploadTable as upload } from "./uploads.table.ts";

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

    /** How many upload rows this person has (for tests). */
    async countOf(facultyId: number) {
      const [row] = await db.select({ value: count() }).from(upload).where(eq(upload.facultyId, facultyId));
      return row?.value ?? 0;
    },

    async remove(id: string) {
      await db.delete(upload).where(eq(upload.id, id));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
