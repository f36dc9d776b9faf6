import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type RubricCriterion, type RubricRow, rubricTable as rubric } from "./milestones.table.ts";

export interface RubricValuesRow {
  title: string;
  description: string;
  criteria: RubricCriterion[];
}

/** An instructor's rubrics: every query is kept to the owner's own. */
export function createRubricsRepository(db: Database) {
  const own = (id: number, facultyId: number) => and(eq(rubric.id, id), eq(rubric.facultyId, facultyId));
  return {
    async list(facultyId: number): Promise<RubricRow[]> {
      return db
        .select()
        .from(rubric)
        .where(eq(rubric.facultyId, facultyId))
        .orderBy(desc(rubric.updatedAt), desc(rubric.id));
    },

    async find(id: number, facultyId: number): Promise<RubricRow | undefined> {
      const [row] = await db.select().from(rubric).where(own(id, facultyId));
      return row;
    },

    async insert(facultyId: number, values: RubricValuesRow): Promise<RubricRow> {
      const [row] = await db
        .insert(rubric)
        .values({ facultyId, ...values })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** The changed rubric; undefined when it is not the owner's. */
    async update(id: number, facultyId: number, values: RubricValuesRow): Promise<RubricRow | undefined> {
      const [row] = await db
        .update(rubric)
        .set({ ...values, updatedAt: new Date() })
        .where(own(id, facultyId))
        .returning();
      return row;
    },

    async delete(id: number, facultyId: number): Promise<boolean> {
      const rows = await db.delete(rubric).where(own(id, facultyId)).returning({ id: rubric.id });
      return rows.length > 0;
    },
  };
}

export type RubricsRepository = ReturnType<typeof createRubricsRepository>;
