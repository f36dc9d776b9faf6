import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { Page } from "#shared/schemas/common.ts";
import type { Database } from "../db/client.ts";
import type { Viewer } from "../lib/policy.ts";
import { facultyTable } from "../modules/faculty/faculty.table.ts";
import {
  knowledgeEntryTable as entry,
  type KnowledgeEntryRow,
  type KnowledgeSummaryRow,
  knowledgeSummaryColumns,
} from "../modules/knowledge-base/knowledge-base.table.ts";

/**
 * What the Knowledge Base reads with the accounts' table: colleagues of one institution, and the
 * owners' names on shared entries and search hits. The knowledge repository hands these on.
 */
export function createKnowledgeBaseReadModel(db: Database) {
  return {
    /** The shared entries (isPrivate false) of these owners, newest first, with their owners' names. */
    async sharedPage(
      owners: readonly number[],
      query: { limit: number; offset: number },
    ): Promise<Page<KnowledgeSummaryRow>> {
      if (owners.length === 0) return { items: [], total: 0 };
      const shared = and(inArray(entry.facultyId, [...owners]), eq(entry.isPrivate, false));
      const [items, [total]] = await Promise.all([
        db
          .select({ ...knowledgeSummaryColumns, ownerName: facultyTable.name })
          .from(entry)
          .innerJoin(facultyTable, eq(facultyTable.id, entry.facultyId))
          .where(shared)
          .orderBy(desc(entry.createdAt), desc(entry.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(entry).where(shared),
      ]);
      return { items, total: total?.value ?? 0 };
    },

    /** A shared entry (isPrivate false) of one of these owners, with its owner's name; undefined otherwise. */
    async findShared(
      id: number,
      owners: readonly number[],
    ): Promise<(KnowledgeEntryRow & { ownerName: string }) | undefined> {
      if (owners.length === 0) return undefined;
      const [row] = await db
        .select({ entry, ownerName: facultyTable.name })
        .from(entry)
        .innerJoin(facultyTable, eq(facultyTable.id, entry.facultyId))
        .where(and(eq(entry.id, id), inArray(entry.facultyId, [...owners]), eq(entry.isPrivate, false)))
        .limit(1);
      return row ? { ...row.entry, ownerName: row.ownerName } : undefined;
    },

    /**
     * The ids of the accounts whose shared entries the viewer may find: the other accounts of the
     * same institution (compared as institutionKey does: trimmed, lower-cased, in JavaScript, so
     * that letters beyond ASCII compare as they do everywhere else in the product).
     */
    async colleagues(viewer: Viewer, keyOf: (institution: string) => string): Promise<number[]> {
      const rows = await db
        .select({ id: facultyTable.id, institution: facultyTable.institution })
        .from(facultyTable)
        .where(and(ne(facultyTable.id, viewer.id), ne(facultyTable.role, "student")));
      return rows.filter((row) => keyOf(row.institution) === viewer.institution).map((row) => row.id);
    },

    /** The entries among these ids, with their owners' names. */
    async summaries(ids: readonly number[]): Promise<KnowledgeSummaryRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ ...knowledgeSummaryColumns, ownerName: facultyTable.name })
        .from(entry)
        .innerJoin(facultyTable, eq(facultyTable.id, entry.facultyId))
        .where(inArray(entry.id, [...ids]));
      return rows;
    },
  };
}
