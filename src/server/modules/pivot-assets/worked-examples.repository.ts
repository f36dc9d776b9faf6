import { and, desc, eq } from "drizzle-orm";
import type { CreateWorkedExampleInput } from "#shared/schemas/pivot-assets.ts";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { workedExamplePolicy } from "./pivot-assets.policy.ts";
import { pivotCardTable, workedExampleTable } from "./pivot-assets.table.ts";

/** The SQL of a person's worked examples (worked_example). */
export function createWorkedExamplesRepository(db: Database) {
  return {
    /** Examples newest first with their card's title, of one card or one id when given. */
    list: (viewer: Viewer, filter: { pivotCardId?: number | undefined; id?: number | undefined }) =>
      db
        .select({ example: workedExampleTable, cardTitle: pivotCardTable.title })
        .from(workedExampleTable)
        .innerJoin(pivotCardTable, eq(pivotCardTable.id, workedExampleTable.pivotCardId))
        .where(
          and(
            workedExamplePolicy.readable(viewer),
            filter.pivotCardId ? eq(workedExampleTable.pivotCardId, filter.pivotCardId) : undefined,
            filter.id ? eq(workedExampleTable.id, filter.id) : undefined,
          ),
        )
        .orderBy(desc(workedExampleTable.createdAt), desc(workedExampleTable.id)),

    async insert(viewer: Viewer, input: CreateWorkedExampleInput, at: Date) {
      const [row] = await db
        .insert(workedExampleTable)
        .values({ ...input, facultyId: viewer.id, createdAt: at })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    async update(viewer: Viewer, id: number, input: CreateWorkedExampleInput) {
      const [row] = await db
        .update(workedExampleTable)
        .set(input)
        .where(and(eq(workedExampleTable.id, id), workedExamplePolicy.writable(viewer)))
        .returning();
      return row;
    },

    /** Whether an example was deleted. */
    async delete(viewer: Viewer, id: number) {
      const rows = await db
        .delete(workedExampleTable)
        .where(and(eq(workedExampleTable.id, id), workedExamplePolicy.writable(viewer)))
        .returning({ id: workedExampleTable.id });
      return rows.length > 0;
    },
  };
}
export type WorkedExamplesRepository = ReturnType<typeof createWorkedExamplesRepository>;
