import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { integrationPolicy } from "./integrations.policy.ts";
import {
  integrationConnectionTable as connection,
  type IntegrationConnectionRow,
} from "./integrations.table.ts";

export function createIntegrationsRepository(db: Database) {
  return {
    /** The viewer's personal connections. */
    async personal(viewer: Viewer): Promise<IntegrationConnectionRow[]> {
      return db.select().from(connection).where(integrationPolicy.own(viewer)).orderBy(asc(connection.id));
    },

    /** The admin connections the viewer's institution shares. */
    async shared(viewer: Viewer): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(connection)
        .where(integrationPolicy.institutions(viewer))
        .orderBy(asc(connection.id));
    },

    async findReadable(id: number, viewer: Viewer): Promise<IntegrationConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connection)
        .where(and(eq(connection.id, id), integrationPolicy.readable(viewer)));
      return row;
    },

    async insert(values: typeof connection.$inferInsert): Promise<IntegrationConnectionRow> {
      const [row] = await db.insert(connection).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** Changes the connection when the viewer may change it; undefined otherwise. */
    async update(
      id: number,
      viewer: Viewer,
      values: Partial<typeof connection.$inferInsert>,
    ): Promise<IntegrationConnectionRow | undefined> {
      const [row] = await db
        .update(connection)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(connection.id, id), integrationPolicy.writable(viewer)))
        .returning();
      return row;
    },

    async delete(id: number, viewer: Viewer): Promise<boolean> {
      const rows = await db
        .delete(connection)
        .where(and(eq(connection.id, id), integrationPolicy.writable(viewer)))
        .returning({ id: connection.id });
      return rows.length > 0;
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
