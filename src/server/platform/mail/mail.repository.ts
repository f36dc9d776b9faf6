import { count, desc, eq, sql } from "drizzle-orm";
import type { MailStatus } from "#shared/schemas/mail.ts";
import type { Database } from "../../db/client.ts";
import { type MailMessageRow, mailBounceTable, mailMessageTable } from "./mail.table.ts";

type NewMessage = typeof mailMessageTable.$inferInsert;

export function createMailRepository(db: Database) {
  return {
    async insert(values: NewMessage): Promise<MailMessageRow> {
      const [row] = await db.insert(mailMessageTable).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    async find(id: number): Promise<MailMessageRow | undefined> {
      const [row] = await db.select().from(mailMessageTable).where(eq(mailMessageTable.id, id));
      return row;
    },

    async update(id: number, values: Partial<NewMessage>): Promise<void> {
      await db.update(mailMessageTable).set(values).where(eq(mailMessageTable.id, id));
    },

    /** Counts an attempt; its number. */
    async countAttempt(id: number): Promise<number> {
      const [row] = await db
        .update(mailMessageTable)
        .set({ attempts: sql`${mailMessageTable.attempts} + 1` })
        .where(eq(mailMessageTable.id, id))
        .returning({ attempts: mailMessageTable.attempts });
      return row?.attempts ?? 0;
    },

    /** A page of the messages (of one status, or all), newest first, and how many there are. */
    async page(limit: number, offset: number, status?: MailStatus) {
      const where = status ? eq(mailMessageTable.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mailMessageTable)
          .where(where)
          .orderBy(desc(mailMessageTable.createdAt), desc(mailMessageTable.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(mailMessageTable).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async bounceOf(address: string) {
      const [row] = await db.select().from(mailBounceTable).where(eq(mailBounceTable.address, address));
      return row;
    },

    async markBounced(address: string, reason: string, at: Date): Promise<void> {
      await db
        .insert(mailBounceTable)
        .values({ address, reason, bouncedAt: at })
        .onConflictDoUpdate({ target: mailBounceTable.address, set: { reason, bouncedAt: at } });
    },

    async clearBounce(address: string): Promise<void> {
      await db.delete(mailBounceTable).where(eq(mailBounceTable.address, address));
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
