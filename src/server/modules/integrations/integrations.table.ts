import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";

/**
 * A connection to a catalogue integration: personal (one per person and integration) or
 * admin-managed (one per institution and integration, shared with its members).
 */
export const integrationConnectionTable = pgTable(
  "integration_connection",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    integrationId: text("integration_id").notNull(),
    facultyId: integer("faculty_id")
      .notNull()
      .references(() => facultyTable.id, { onDelete: "cascade" }),
    /** institutionKey() of the creator's institution: who shares an admin connection. */
    institution: text("institution").notNull(),
    isAdminManaged: boolean("is_admin_managed").notNull().default(false),
    endpoint: text("endpoint"),
    settings: jsonb("settings").$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** The apiKey parameter, sealed (lib/secret-box.ts). */
    apiKeySealed: text("api_key_sealed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("integration_personal_unique")
      .on(table.facultyId, table.integrationId)
      .where(sql`${table.isAdminManaged} = false`),
    uniqueIndex("integration_admin_unique")
      .on(table.institution, table.integrationId)
      .where(sql`${table.isAdminManaged} = true`),
    index("integration_faculty_idx").on(table.facultyId),
  ],
);

export type IntegrationConnectionRow = typeof integrationConnectionTable.$inferSelect;
