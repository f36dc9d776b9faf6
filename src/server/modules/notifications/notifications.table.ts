import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "#shared/schemas/notifications.ts";
import { cascadingId } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";

/** A notification in a person's list (the bell); read once opened or marked. */
export const notificationTable = pgTable(
  "notification",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Where it leads in the app (a path such as /student/projects/3). */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When a digest mail carried it (null: not mailed, or its kind is not mailed). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (table) => [
    index("notification_faculty_idx").on(table.facultyId, table.createdAt.desc(), table.id.desc()),
    index("notification_unread_idx").on(table.facultyId).where(sql`${table.readAt} is null`),
  ],
);

/** A person's choice for one kind: in the app, in the app and by mail, or off. No row: the kind's default. */
export const notificationPreferenceTable = pgTable(
  "notification_preference",
  {
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.facultyId, table.kind] })],
);

/** The local day a person's daily digest of a kind last went out, so each day sends one. */
export const notificationDigestTable = pgTable(
  "notification_digest",
  {
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    lastSentOn: date("last_sent_on").notNull(),
  },
  (table) => [primaryKey({ columns: [table.facultyId, table.kind] })],
);
