import { type AnyPgColumn, doublePrecision, integer, smallint, timestamp } from "drizzle-orm/pg-core";

/**
 * Column groups several tables declare alike. Each call returns fresh builders (a builder belongs
 * to the one table it is spread into); the SQL they make is the same as written out by hand.
 */

/** A NOT NULL reference whose row goes when the row it points at is deleted. */
export const cascadingId = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/**
 * The FSRS card state (ts-fsrs's Card fields): the instructor's schedule of a retrieval item and
 * each student's own schedule of it keep the same columns.
 */
export const fsrsScheduleColumns = () => ({
  due: timestamp("due", { withTimezone: true }).notNull(),
  stability: doublePrecision("stability").notNull().default(0),
  difficulty: doublePrecision("difficulty").notNull().default(0),
  elapsedDays: integer("elapsed_days").notNull().default(0),
  scheduledDays: integer("scheduled_days").notNull().default(0),
  learningSteps: integer("learning_steps").notNull().default(0),
  reps: integer("reps").notNull().default(0),
  lapses: integer("lapses").notNull().default(0),
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: smallint("state").notNull().default(0),
  lastReview: timestamp("last_review", { withTimezone: true }),
});

/** When a row was made and last changed, both set at insert. */
export const timestampColumns = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
