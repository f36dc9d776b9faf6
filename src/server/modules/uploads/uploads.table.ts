import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";

/**
 * One upload address and what became of it: who asked for it, the object key
 * its bytes go to, the name given, and once the PUT finished its size and detected type. A record
 * (a document, later a knowledge entry) may only use a completed upload of its own caller.
 * `started_at` makes the address single use: the first PUT claims it.
 */
export const uploadTable = pgTable(
  "upload",
  {
    id: uuid("id").primaryKey(),
    facultyId: integer("faculty_id")
      .notNull()
      .references(() => facultyTable.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull(),
    originalName: text("original_name").notNull(),
    size: integer("size"),
    mimeType: text("mime_type"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("upload_object_key_idx").on(table.objectKey),
    index("upload_faculty_idx").on(table.facultyId),
  ],
);

export type UploadRow = typeof uploadTable.$inferSelect;

/**
 * Stored objects whose upload row is gone (the sweep): a trigger of migration 0011 adds
 * the key of every deleted `upload` row, whoever deletes it (an account's removal cascades to its
 * uploads), and the periodic sweep deletes the object and then this row.
 */
export const removedObjectTable = pgTable("removed_object", {
  objectKey: text("object_key").primaryKey(),
  removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
});
