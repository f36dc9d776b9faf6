import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type SessionRow, sessionTable } from "./session.table.ts";

export function createSessionRepository(db: Database) {
  return {
    async insert(row: SessionRow): Promise<void> {
      await db.insert(sessionTable).values(row);
    },
    async find(idHash: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessionTable).where(eq(sessionTable.idHash, idHash));
      return row;
    },
    async touch(idHash: string, lastSeenAt: Date): Promise<void> {
      await db.update(sessionTable).set({ lastSeenAt }).where(eq(sessionTable.idHash, idHash));
    },
    async delete(idHash: string): Promise<void> {
      await db.delete(sessionTable).where(eq(sessionTable.idHash, idHash));
    },
    async deleteAllFor(facultyId: number): Promise<void> {
      await db.delete(sessionTable).where(eq(sessionTable.facultyId, facultyId));
    },
    async deleteAllForExcept(facultyId: number, keepIdHash: string): Promise<void> {
      await db
        .delete(sessionTable)
        .where(and(eq(sessionTable.facultyId, facultyId), ne(sessionTable.idHash, keepIdHash)));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
