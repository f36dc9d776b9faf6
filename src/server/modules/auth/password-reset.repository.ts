import { eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { passwordResetTable } from "./password-reset.table.ts";

export type PasswordResetRow = typeof passwordResetTable.$inferSelect;

export function createPasswordResetRepository(db: Database) {
  return {
    async insert(row: PasswordResetRow): Promise<void> {
      await db.insert(passwordResetTable).values(row);
    },
    /** Takes the link once: the row is deleted as it is read, so a second use finds nothing. */
    async take(tokenHash: string): Promise<PasswordResetRow | undefined> {
      const [row] = await db
        .delete(passwordResetTable)
        .where(eq(passwordResetTable.tokenHash, tokenHash))
        .returning();
      return row;
    },
    async deleteAllFor(facultyId: number): Promise<void> {
      await db.delete(passwordResetTable).where(eq(passwordResetTable.facultyId, facultyId));
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(passwordResetTable).where(lt(passwordResetTable.expiresAt, now));
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
