import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const facultyTable = pgTable(
  "faculty",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** Stored lower-cased; unique. */
    email: text("email").notNull(),
    /** Null for an account made by an institution sign-in: it has no password until one is set. */
    passwordHash: text("password_hash"),
    role: text("role", { enum: ["super_admin", "admin", "instructor", "student"] }).notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull(),
    title: text("title").notNull(),
    department: text("department").notNull(),
    institution: text("institution").notNull(),
    /** The person's IANA time zone (from their browser): daily digests go out on their local morning. */
    timeZone: text("time_zone"),
    reviewedBy: integer("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("faculty_email_unique").on(table.email),
    index("faculty_status_idx").on(table.status, table.createdAt),
    // At most one super_admin can ever exist: the first account (see auth.service register).
    uniqueIndex("faculty_single_super_admin").on(table.role).where(sql`${table.role} = 'super_admin'`),
  ],
);

export type FacultyRow = typeof facultyTable.$inferSelect;
export type NewFacultyRow = typeof facultyTable.$inferInsert;
