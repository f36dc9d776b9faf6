import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cascadingId, fsrsScheduleColumns, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

/** A person's own disciplines (the built-in list of spec B §3 lives in code). */
export const pivotDisciplineTable = pgTable(
  "pivot_discipline",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    value: text("value").notNull(),
    label: text("label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("pivot_discipline_value_idx").on(table.facultyId, table.value)],
);

export const pivotCardTable = pgTable(
  "pivot_card",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    projectId: integer("project_id").references(() => projectTable.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    discipline: text("discipline").notNull(),
    definition: text("definition").notNull(),
    constraints: text("constraints").notNull(),
    minimalExample: text("minimal_example").notNull(),
    counterExample: text("counter_example").notNull(),
    misconceptions: jsonb("misconceptions").$type<string[]>().notNull(),
    ...timestampColumns(),
  },
  (table) => [
    index("pivot_card_faculty_idx").on(table.facultyId, table.createdAt.desc().nullsFirst()),
    index("pivot_card_project_idx").on(table.projectId),
  ],
);

export const workedExampleTable = pgTable(
  "worked_example",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    pivotCardId: cascadingId("pivot_card_id", () => pivotCardTable.id),
    title: text("title").notNull(),
    steps: jsonb("steps").$type<string[]>().notNull(),
    selfExplanationPrompts: jsonb("self_explanation_prompts").$type<string[]>().notNull(),
    completionProblem: text("completion_problem").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("worked_example_faculty_idx").on(table.facultyId, table.createdAt.desc().nullsFirst()),
    index("worked_example_card_idx").on(table.pivotCardId),
  ],
);

/**
 * A question practised with FSRS. The FSRS card state lives in the row (ts-fsrs's Card fields);
 * `faculty_id` is copied from the card so the due list reads one index.
 */
export const retrievalItemTable = pgTable(
  "retrieval_item",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    pivotCardId: cascadingId("pivot_card_id", () => pivotCardTable.id),
    type: text("type", { enum: ["flashcard", "concept-check"] }).notNull(),
    question: text("question").notNull(),
    answer: text("answer"),
    options: jsonb("options").$type<string[]>(),
    correctIndex: smallint("correct_index"),
    ...fsrsScheduleColumns(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("retrieval_item_due_idx").on(table.facultyId, table.due),
    index("retrieval_item_card_idx").on(table.pivotCardId),
  ],
);

/** The item's FSRS state before a review, kept so the last review can be undone. */
export interface FsrsSnapshot {
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
}

export const retrievalReviewTable = pgTable(
  "retrieval_review",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    itemId: cascadingId("item_id", () => retrievalItemTable.id),
    rating: smallint("rating").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull(),
    /** When the item was due as it was reviewed (adherence compares the days). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** The FSRS state it had before (0 = new: a first review, never counted as late). */
    previousState: smallint("previous_state").notNull(),
    previous: jsonb("previous").$type<FsrsSnapshot>().notNull(),
  },
  (table) => [
    index("retrieval_review_item_idx").on(table.itemId, table.id.desc()),
    index("retrieval_review_faculty_idx").on(table.facultyId, table.reviewedAt),
    index("retrieval_review_faculty_due_idx").on(table.facultyId, table.dueAt),
  ],
);

/** A person's Pivot Assets settings (the FSRS desired retention). */
export const pivotSettingTable = pgTable("pivot_setting", {
  facultyId: integer("faculty_id")
    .primaryKey()
    .references(() => facultyTable.id, { onDelete: "cascade" }),
  desiredRetention: real("desired_retention").notNull(),
});

export type PivotCardRow = typeof pivotCardTable.$inferSelect;
export type WorkedExampleRow = typeof workedExampleTable.$inferSelect;
export type RetrievalItemRow = typeof retrievalItemTable.$inferSelect;
export type RetrievalReviewRow = typeof retrievalReviewTable.$inferSelect;
