import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { cascadingId } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";

/**
 * A password-reset link not yet used: only the SHA-256 of its token is kept. Taken (deleted) when
 * used, so a link works once; a link past `expires_at` is refused.
 */
export const passwordResetTable = pgTable(
  "password_reset",
  {
    tokenHash: text("token_hash").primaryKey(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    /** The administrator who made it (Administration → Users), or null when asked by e-mail. */
    createdBy: integer("created_by").references(() => facultyTable.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("password_reset_faculty_idx").on(table.facultyId),
    index("password_reset_created_by_idx").on(table.createdBy),
    index("password_reset_expires_idx").on(table.expiresAt),
  ],
);
