import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export interface TemplateContent {
  phases: string[];
  deliverables: string[];
  tools: string[];
}

export const templateTable = pgTable(
  "template",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    discipline: text("discipline").notNull(),
    category: text("category").notNull(),
    difficultyLevel: text("difficulty_level").notNull(),
    status: text("status", { enum: ["approved", "pending", "rejected"] }).notNull(),
    isFeatured: boolean("is_featured").notNull().default(false),
    estimatedDuration: text("estimated_duration").notNull(),
    color: text("color").notNull(),
    icon: text("icon").notNull(),
    content: jsonb("content").$type<TemplateContent>().notNull(),
    learningOutcomes: jsonb("learning_outcomes").$type<string[]>().notNull().default([]),
    implementationTips: jsonb("implementation_tips").$type<string[]>().notNull().default([]),
    /** Null for the library shipped with the product. */
    authorId: integer("author_id").references(() => facultyTable.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    reviewedBy: integer("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Phases, deliverables, tools and outcomes as one text, for full-text search. */
    searchText: text("search_text").notNull().default(""),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', replace(coalesce(discipline, ''), '-', ' ')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('english', coalesce(search_text, '')), 'D')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("template_search_vector_idx").using("gin", table.searchVector),
    index("template_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
    index("template_status_idx").on(table.status, table.discipline),
    // The dashboard's featured templates: a dozen among thousands.
    index("template_featured_idx").on(table.status).where(sql`${table.isFeatured}`),
    index("template_author_idx").on(table.authorId),
  ],
);

/** Library templates already seeded once, by key: a restart adds nothing twice, a deleted one stays deleted. */
export const templateSeedTable = pgTable(
  "template_seed",
  {
    seedKey: text("seed_key").primaryKey(),
    templateId: integer("template_id"),
    seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("template_seed_template_idx").on(table.templateId)],
);

export type TemplateRow = typeof templateTable.$inferSelect;
export type NewTemplateRow = typeof templateTable.$inferInsert;
