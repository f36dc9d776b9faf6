import { and, count, countDistinct, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { ConversionStats } from "#shared/schemas/conversions.ts";
import type { Database } from "../../db/client.ts";
import { containing } from "../../lib/paging.ts";
import type { Viewer } from "../../lib/policy.ts";
import { conversionPolicy } from "./objective-conversions.policy.ts";
import {
  objectiveConversionTable as conversion,
  type NewObjectiveConversionRow,
  type ObjectiveConversionRow,
} from "./objective-conversions.table.ts";

export function createObjectiveConversionsRepository(db: Database) {
  const writable = (id: number, viewer: Viewer) =>
    and(eq(conversion.id, id), conversionPolicy.writable(viewer));

  return {
    /** One conversion, when the viewer may read it. */
    async find(id: number, viewer: Viewer): Promise<ObjectiveConversionRow | undefined> {
      const [row] = await db
        .select()
        .from(conversion)
        .where(and(eq(conversion.id, id), conversionPolicy.readable(viewer)));
      return row;
    },

    async insert(values: NewObjectiveConversionRow): Promise<ObjectiveConversionRow> {
      const [row] = await db.insert(conversion).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** The conversions the viewer may read, newest first; `q` matches the objective, the framework or the discipline. */
    async page(
      viewer: Viewer,
      { q, limit, offset }: { q?: string | undefined; limit: number; offset: number },
    ): Promise<{ rows: ObjectiveConversionRow[]; total: number }> {
      const where = and(
        conversionPolicy.readable(viewer),
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

    /**
     * spec A §2 Your Stats: the figures of one person's own conversions (the dashboard's too); the
     * average is over rated conversions only (spec A §9), 0 when none.
     */
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
      viewer: Viewer,
      feedbackRating: number,
    ): Promise<ObjectiveConversionRow | undefined> {
      const [row] = await db
        .update(conversion)
        .set({ feedbackRating })
        .where(writable(id, viewer))
        .returning();
      return row;
    },

    async delete(id: number, viewer: Viewer): Promise<boolean> {
      const rows = await db.delete(conversion).where(writable(id, viewer)).returning({ id: conversion.id });
      return rows.length > 0;
    },
  };
}

export type ObjectiveConversionsRepository = ReturnType<typeof createObjectiveConversionsRepository>;
