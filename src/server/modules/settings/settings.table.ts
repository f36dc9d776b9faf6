import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";

/** One row per faculty member who has saved a setting; the key is sealed (lib/secret-box.ts). */
export const facultySettingTable = pgTable("faculty_setting", {
  facultyId: integer("faculty_id")
    .primaryKey()
    .references(() => facultyTable.id, { onDelete: "cascade" }),
  openaiKeySealed: text("openai_key_sealed"),
  /** The last Test Key of the saved key: whether the provider accepted it, and when. Null: not tested since saved. */
  openaiKeyTestValid: boolean("openai_key_test_valid"),
  openaiKeyTestedAt: timestamp("openai_key_tested_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Institution-wide settings by name (the system default AI key); values are sealed. */
export const systemSettingTable = pgTable(
  "system_setting",
  {
    name: text("name").primaryKey(),
    valueSealed: text("value_sealed").notNull(),
    updatedBy: integer("updated_by").references(() => facultyTable.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("system_setting_updated_by_idx").on(table.updatedBy)],
);
