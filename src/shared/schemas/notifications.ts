import { z } from "zod";
import { isoDateTime, pageQuery, text } from "./common.ts";

/** What a person can be told about; the notification tables take their list from here. */
export const NOTIFICATION_KINDS = [
  "new_contribution",
  "feedback_released",
  "team_published",
  "reviews_due",
  "milestone_due",
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** in_app: the bell only; mail: the bell and a daily e-mail; off: nothing. */
export const NOTIFICATION_CHANNELS = ["in_app", "mail", "off"] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** A kind's channel when the person has chosen none. */
export const DEFAULT_CHANNELS: Record<NotificationKind, NotificationChannel> = {
  new_contribution: "mail",
  feedback_released: "in_app",
  team_published: "in_app",
  reviews_due: "mail",
  milestone_due: "in_app",
};

/** The kinds that apply to each side of the product (what the preferences show). */
export const INSTRUCTOR_KINDS: readonly NotificationKind[] = ["new_contribution", "milestone_due"];
export const STUDENT_KINDS: readonly NotificationKind[] = [
  "feedback_released",
  "reviews_due",
  "team_published",
  "milestone_due",
];

/** What the preferences and the unsubscribe page call each kind and channel. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  new_contribution: "New contributions to my projects",
  feedback_released: "Feedback on my contributions",
  team_published: "Teams published",
  reviews_due: "Practice reviews due",
  milestone_due: "Milestones due",
};
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: "In the app",
  mail: "In the app and by e-mail",
  off: "Off",
};

export const NOTIFICATION_MESSAGES = {
  notFound: "Notification not found",
  invalidTimeZone: "Unknown time zone",
  unsubscribeNotFound: "This unsubscribe link is not valid",
} as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: isoDateTime,
  readAt: isoDateTime.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({ ...pageQuery });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** One page of one's notifications (newest first; the total in X-Total-Count) and the unread count. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  channel: notificationChannelSchema,
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** Every kind that applies to the person, with its channel (chosen or default). */
export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The kinds to change; the others keep their channel. */
export const updateNotificationPreferencesSchema = z.strictObject({
  preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});

/** An unsubscribe link's token (HMAC of the person and the kind). */
export const unsubscribeParamsSchema = z.object({
  token: text("The token").trim().min(1).max(200),
});

/** What an unsubscribe link would switch off (GET), and what it did (POST). */
export const unsubscribeInfoSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
});

/** One-click unsubscribe's form body (RFC 8058), or none. */
export const unsubscribeBodySchema = z
  .object({ "List-Unsubscribe": z.string().max(100).optional() })
  .nullish();

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z.strictObject({
  timeZone: text("The time zone", NOTIFICATION_MESSAGES.invalidTimeZone)
    .trim()
    .min(1, NOTIFICATION_MESSAGES.invalidTimeZone)
    .max(64, NOTIFICATION_MESSAGES.invalidTimeZone)
    .refine(isTimeZone, NOTIFICATION_MESSAGES.invalidTimeZone),
});
export type TimeZoneInput = z.infer<typeof timeZoneSchema>;
