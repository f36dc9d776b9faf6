import { and, count, countDistinct, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { ConversionStats } from "#shared/schemas/conversions.ts";
import type { Database } from "../../db/client.ts";
import {
  objectiveConversionTable as conversion,
  type NewObjectiveConversionRow,
  type ObjectiveConversionRow,
} from "./objective-conversions.table.ts";

/** `%text%` for ILIKE with the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createObjectiveConversionsRepository(db: Database) {
  const owned = (id: number, facultyId: number) =>
    and(eq(conversion.id, id), eq(conversion.facultyId, facultyId));

  return {
    async insert(values: NewObjectiveConversionRow): Promise<ObjectiveConversionRow> {
      const [row] = await db.insert(conversion).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** Newest first; `q` matches the objective, the framework or the discipline. */
    async page(
      facultyId: number,
      { q, limit, offset }: { q?: string | undefined; limit: number; offset: number },
    ): Promise<{ rows: ObjectiveConversionRow[]; total: number }> {
      const where = and(
        eq(conversion.facultyId, facultyId),
        q
          ? or(
              ilike(conversion.originalObjective, containing(q)),
              ilike(conversion.convertedFramework, containing(q)),
              ilike(conversion.discipline, containing(q)),
            )
          : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(conversion)
          .where(where)
          .orderBy(desc(conversion.createdAt), desc(conversion.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(conversion).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** spec A §2 Your Stats; the average is over rated conversions only (spec A §9), 0 when none. */
    async stats(facultyId: number): Promise<ConversionStats> {
      const [row] = await db
        .select({
          totalConversions: count(),
          disciplines: countDistinct(conversion.discipline),
          averageRating: sql<string | null>`avg(${conversion.feedbackRating})`,
        })
        .from(conversion)
        .where(eq(conversion.facultyId, facultyId));
      return {
        totalConversions: row?.totalConversions ?? 0,
        disciplines: row?.disciplines ?? 0,
        averageRating:
          row?.averageRating === null || row?.averageRating === undefined ? 0 : Number(row.averageRating),
      };
    },

    async rate(
      id: number,
      facultyId: number,
      feedbackRating: number,
    ): Promise<ObjectiveConversionRow | undefined> {
      const [row] = await db
        .update(conversion)
        .set({ feedbackRating })
        .where(owned(id, facultyId))
        .returning();
      return row;
    },

    async delete(id: number, facultyId: number): Promise<boolean> {
      const rows = await db.delete(conversion).where(owned(id, facultyId)).returning({ id: conversion.id });
      return rows.length > 0;
    },
  };
}

export type ObjectiveConversionsRepository = ReturnType<typeof createObjectiveConversionsRepository>;
