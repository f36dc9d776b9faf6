import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  integrationConnectionTable as connection,
  type IntegrationConnectionRow,
} from "./integrations.table.ts";

export function createIntegrationsRepository(db: Database) {
  return {
    async personal(facultyId: number): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(connection)
        .where(and(eq(connection.facultyId, facultyId), eq(connection.isAdminManaged, false)))
        .orderBy(asc(connection.id));
    },

    async adminFor(institution: string): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(connection)
        .where(and(eq(connection.institution, institution), eq(connection.isAdminManaged, true)))
        .orderBy(asc(connection.id));
    },

    async find(id: number): Promise<IntegrationConnectionRow | undefined> {
      const [row] = await db.select().from(connection).where(eq(connection.id, id));
      return row;
    },

    async insert(values: typeof connection.$inferInsert): Promise<IntegrationConnectionRow> {
      const [row] = await db.insert(connection).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    async update(
      id: number,
      values: Partial<typeof connection.$inferInsert>,
    ): Promise<IntegrationConnectionRow> {
      const [row] = await db
        .update(connection)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(connection.id, id))
        .returning();
      if (!row) throw new Error("update returned no row");
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(connection).where(eq(connection.id, id));
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
