import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

export const contributionTable = pgTable(
  "contribution",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: cascadingId("project_id", () => projectTable.id),
    /**
     * The owner of the project, copied from it (a project never changes owner): lists across a
     * person's projects read one index range instead of joining every project.
     */
    projectOwnerId: cascadingId("project_owner_id", () => facultyTable.id),
    studentName: text("student_name").notNull(),
    studentEmail: text("student_email"),
    contributionType: text("contribution_type", {
      enum: ["suggestion", "reflection", "feedback", "question"],
    }).notNull(),
    content: text("content").notNull(),
    status: text("status", { enum: ["pending", "approved", "implemented", "rejected"] })
      .notNull()
      .default("pending"),
    /** The signed-in account that sent it, when it was sent signed in. */
    submittedBy: integer("submitted_by").references(() => facultyTable.id, { onDelete: "set null" }),
    ...timestampColumns(),
  },
  (table) => [
    index("contribution_project_idx").on(table.projectId, table.createdAt.desc().nullsFirst()),
    // The faculty member's own test contributions, which Student Collaboration lists first.
    index("contribution_owner_email_idx").on(table.projectOwnerId, sql`lower(${table.studentEmail})`),
    index("contribution_owner_idx").on(
      table.projectOwnerId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A student's own contributions, newest first; also what an account's deletion
    // looks up (and the foreign key's ON DELETE SET NULL). Partial: public ones carry no account.
    index("contribution_submitted_by_idx")
      .on(table.submittedBy, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.submittedBy} is not null`),
  ],
);

export type ContributionRow = typeof contributionTable.$inferSelect;
