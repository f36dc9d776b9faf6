import { and, count, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { NotificationChannel, NotificationKind } from "#shared/schemas/notifications.ts";
import type { Database } from "../../db/client.ts";
import {
  notificationDigestTable,
  notificationPreferenceTable,
  notificationTable,
} from "./notifications.table.ts";

export type NotificationRow = typeof notificationTable.$inferSelect;
export type NewNotification = Pick<
  NotificationRow,
  "facultyId" | "kind" | "title" | "body" | "link" | "createdAt"
>;

/** Every query keeps a person to their own notifications (the `facultyId` condition). */
export function createNotificationsRepository(db: Database) {
  const own = (facultyId: number, id: number) =>
    and(eq(notificationTable.id, id), eq(notificationTable.facultyId, facultyId));
  return {
    async insert(values: NewNotification & { mailedAt?: Date | null }): Promise<NotificationRow> {
      const [row] = await db.insert(notificationTable).values(values).returning();
      if (!row) throw new Error("notification insert returned no row");
      return row;
    },

    async page(facultyId: number, limit: number, offset: number) {
      const mine = eq(notificationTable.facultyId, facultyId);
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(notificationTable)
          .where(mine)
          .orderBy(desc(notificationTable.createdAt), desc(notificationTable.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(notificationTable).where(mine),
        db
          .select({ value: count() })
          .from(notificationTable)
          .where(and(mine, isNull(notificationTable.readAt))),
      ]);
      return { rows, total: total?.value ?? 0, unread: unread?.value ?? 0 };
    },

    async unreadCount(facultyId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(notificationTable)
        .where(and(eq(notificationTable.facultyId, facultyId), isNull(notificationTable.readAt)));
      return row?.value ?? 0;
    },

    /** Whether the notification is the person's (read or not, it is marked read). */
    async markRead(facultyId: number, id: number, at: Date): Promise<boolean> {
      const [row] = await db
        .select({ readAt: notificationTable.readAt })
        .from(notificationTable)
        .where(own(facultyId, id));
      if (!row) return false;
      if (!row.readAt) await db.update(notificationTable).set({ readAt: at }).where(own(facultyId, id));
      return true;
    },

    async markAllRead(facultyId: number, at: Date): Promise<void> {
      await db
        .update(notificationTable)
        .set({ readAt: at })
        .where(and(eq(notificationTable.facultyId, facultyId), isNull(notificationTable.readAt)));
    },

    async channels(facultyId: number): Promise<Map<NotificationKind, NotificationChannel>> {
      const rows = await db
        .select()
        .from(notificationPreferenceTable)
        .where(eq(notificationPreferenceTable.facultyId, facultyId));
      return new Map(rows.map((row) => [row.kind, row.channel]));
    },

    async channelsOf(facultyIds: readonly number[]) {
      if (facultyIds.length === 0) return [];
      return db
        .select()
        .from(notificationPreferenceTable)
        .where(inArray(notificationPreferenceTable.facultyId, [...facultyIds]));
    },

    async setChannel(facultyId: number, kind: NotificationKind, channel: NotificationChannel): Promise<void> {
      await db
        .insert(notificationPreferenceTable)
        .values({ facultyId, kind, channel })
        .onConflictDoUpdate({
          target: [notificationPreferenceTable.facultyId, notificationPreferenceTable.kind],
          set: { channel },
        });
    },

    /** A person's notifications of a kind no digest has carried yet, oldest first. */
    unmailed(facultyId: number, kind: NotificationKind) {
      return db
        .select()
        .from(notificationTable)
        .where(
          and(
            eq(notificationTable.facultyId, facultyId),
            eq(notificationTable.kind, kind),
            isNull(notificationTable.mailedAt),
          ),
        )
        .orderBy(notificationTable.createdAt, notificationTable.id);
    },

    async markMailed(ids: readonly number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(notificationTable)
        .set({ mailedAt: at })
        .where(inArray(notificationTable.id, [...ids]));
    },

    /**
     * Claims a person's digest of a kind for a local day: true for the one caller that moved its
     * day on (across instances and runs), false when that day's digest was already claimed.
     */
    async claimDigest(facultyId: number, kind: NotificationKind, day: string): Promise<boolean> {
      const rows = await db
        .insert(notificationDigestTable)
        .values({ facultyId, kind, lastSentOn: day })
        .onConflictDoUpdate({
          target: [notificationDigestTable.facultyId, notificationDigestTable.kind],
          set: { lastSentOn: day },
          setWhere: or(lt(notificationDigestTable.lastSentOn, day)),
        })
        .returning({ day: notificationDigestTable.lastSentOn });
      return rows.length > 0;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
