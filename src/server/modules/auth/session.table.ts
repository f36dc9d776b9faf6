import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";

/** A signed-in session. Only the SHA-256 of the session id is stored; revoking deletes the row. */
export const sessionTable = pgTable(
  "session",
  {
    idHash: text("id_hash").primaryKey(),
    facultyId: integer("faculty_id")
      .notNull()
      .references(() => facultyTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (table) => [index("session_faculty_idx").on(table.facultyId)],
);

export type SessionRow = typeof sessionTable.$inferSelect;
