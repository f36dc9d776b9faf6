import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { newJoinCode } from "../../../shared/domain/join-code.ts";
import type { Methodology } from "../../../shared/schemas/projects.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { templateTable } from "../templates/templates.table.ts";

export const projectTable = pgTable(
  "project",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: integer("faculty_id")
      .notNull()
      .references(() => facultyTable.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    discipline: text("discipline").notNull(),
    status: text("status", { enum: ["active", "completed", "archived"] })
      .notNull()
      .default("active"),
    templateId: integer("template_id").references(() => templateTable.id, { onDelete: "set null" }),
    methodology: jsonb("methodology").$type<Methodology>().notNull(),
    contributionToken: text("contribution_token").notNull(),
    /** Students join with it: 8 characters of JOIN_CODE_ALPHABET; the owner may regenerate it. */
    joinCode: text("join_code").notNull().$defaultFn(newJoinCode),
    joiningOpen: boolean("joining_open").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("project_faculty_idx").on(table.facultyId, table.createdAt.desc().nullsFirst()),
    index("project_faculty_updated_idx").on(table.facultyId, table.updatedAt.desc().nullsFirst()),
    uniqueIndex("project_contribution_token_idx").on(table.contributionToken),
    uniqueIndex("project_join_code_idx").on(table.joinCode),
    index("project_template_idx").on(table.templateId),
  ],
);

export type ProjectRow = typeof projectTable.$inferSelect;
export type NewProjectRow = typeof projectTable.$inferInsert;
