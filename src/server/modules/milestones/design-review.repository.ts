import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type ProjectDesignReviewRow, projectDesignReviewTable as review } from "./design-review.table.ts";

export type DesignReviewValuesRow = Omit<ProjectDesignReviewRow, "projectId">;

/** A project's design review: one row per project (its owner is checked by the service). */
export function createDesignReviewRepository(db: Database) {
  return {
    async find(projectId: number): Promise<ProjectDesignReviewRow | undefined> {
      const [row] = await db.select().from(review).where(eq(review.projectId, projectId));
      return row;
    },

    async save(projectId: number, values: DesignReviewValuesRow): Promise<ProjectDesignReviewRow> {
      const [row] = await db
        .insert(review)
        .values({ projectId, ...values })
        .onConflictDoUpdate({ target: review.projectId, set: values })
        .returning();
      if (!row) throw new Error("upsert returned no row");
      return row;
    },

    async delete(projectId: number): Promise<void> {
      await db.delete(review).where(eq(review.projectId, projectId));
    },
  };
}

export type DesignReviewRepository = ReturnType<typeof createDesignReviewRepository>;
