import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Page } from "#shared/schemas/common.ts";
import {
  DEFAULT_CHANNELS,
  INSTRUCTOR_KINDS,
  NOTIFICATION_KIND_LABELS,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferences,
  STUDENT_KINDS,
} from "#shared/schemas/notifications.ts";
import type { AppConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { appUrl } from "../../platform/mail/links.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { NotificationsReadModel } from "../../read-models/notifications.read-model.ts";
import { createNotificationNotFoundError, createUnsubscribeNotFoundError } from "./notifications.errors.ts";
import {
  createNotificationsRepository,
  type NotificationRow,
  type NotificationsRepository,
} from "./notifications.repository.ts";
import type { UnsubscribeSigner } from "./unsubscribe-signer.ts";

/** Digests go out during this local hour (the job runs several times in it; one claims the day). */
export const DIGEST_HOUR = 7;
/** The kinds a digest lists from the notification rows (reviews_due is counted on the morning itself). */
const LISTED_KINDS: readonly NotificationKind[] = [
  "new_contribution",
  "feedback_released",
  "team_published",
  "milestone_due",
];
/** Where each kind leads in the app, for a mail's button. */
const OPEN_PATHS: Record<NotificationKind, string> = {
  new_contribution: "/collaboration",
  feedback_released: "/student",
  team_published: "/student",
  reviews_due: "/student/practice",
  milestone_due: "/",
};

const STATUS_WORDS: Record<string, string> = {
  pending: "pending",
  approved: "approved",
  implemented: "implemented",
  rejected: "not taken up",
};

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export const kindsFor = (role: string): readonly NotificationKind[] =>
  role === "student" ? STUDENT_KINDS : INSTRUCTOR_KINDS;

const channelOf = (chosen: Map<NotificationKind, NotificationChannel>, kind: NotificationKind) =>
  chosen.get(kind) ?? DEFAULT_CHANNELS[kind];

export interface Notice {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
}

/**
 * The narrow service other modules' events reach (subscriptions.ts): a notice for a person, in
 * the transaction of the change that caused it, unless they switched its kind off. Mail goes out
 * with the person's daily digest (sendDigests), never from the request.
 */
export function createNotifier(deps: { now: () => Date }) {
  return {
    async notifyIn(tx: Database, facultyId: number, notice: Notice): Promise<void> {
      const repository = createNotificationsRepository(tx);
      const channels = await repository.channels(facultyId);
      if (channelOf(channels, notice.kind) === "off") return;
      await repository.insert({ facultyId, ...notice, createdAt: deps.now() });
    },

    /** A contribution arrived on the owner's project (not one the owner sent themselves). */
    contributionAdded(
      tx: Database,
      event: {
        facultyId: number;
        projectId: number;
        projectTitle: string;
        studentName: string;
        submittedBy: number | null;
      },
    ) {
      if (event.submittedBy === event.facultyId) return Promise.resolve();
      return this.notifyIn(tx, event.facultyId, {
        kind: "new_contribution",
        title: `New contribution to “${event.projectTitle}”`,
        body: `${event.studentName} sent a contribution.`,
        link: `/projects/${event.projectId}`,
      });
    },

    /** An instructor changed the status of a contribution a signed-in student sent. */
    contributionReviewed(
      tx: Database,
      event: { facultyId: number; projectId: number; status: string; submittedBy: number | null },
    ) {
      if (event.submittedBy === null || event.submittedBy === event.facultyId) return Promise.resolve();
      return this.notifyIn(tx, event.submittedBy, {
        kind: "feedback_released",
        title: "Your contribution was reviewed",
        body: `Your instructor marked it ${STATUS_WORDS[event.status] ?? event.status}.`,
        link: `/student/projects/${event.projectId}`,
      });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

/** The hour and calendar day of an instant in a zone (an unknown zone: never its morning). */
function localTime(at: Date, zone: string): { hour: number; day: string } | undefined {
  const local = new TZDate(at.getTime(), zone);
  if (Number.isNaN(local.getTime())) return undefined;
  return { hour: local.getHours(), day: format(local, "yyyy-MM-dd") };
}

export function createNotificationsService(deps: {
  db: Database;
  now: () => Date;
  config: Pick<AppConfig, "publicUrl" | "host" | "port">;
  mail: Mailer;
  signer: UnsubscribeSigner;
  people: NotificationsReadModel;
  /** Per student, how many practice items are due now across their projects. */
  dueCounts: (studentIds: readonly number[]) => Promise<Map<number, number>>;
  repository?: NotificationsRepository;
}) {
  const { db, now, config, mail, signer, people, dueCounts } = deps;
  const repository = deps.repository ?? createNotificationsRepository(db);
  const url = (path: string) => appUrl(config, path);

  async function preferencesOf(facultyId: number, role: string): Promise<NotificationPreferences> {
    const chosen = await repository.channels(facultyId);
    return { preferences: kindsFor(role).map((kind) => ({ kind, channel: channelOf(chosen, kind) })) };
  }

  /** The addresses a digest carries for a person and a kind: the page, unsubscribe, settings. */
  function addresses(person: { id: number; role: string }, kind: NotificationKind) {
    const token = signer.token(person.id, kind);
    return {
      openUrl: url(OPEN_PATHS[kind]),
      unsubscribePageUrl: url(`/unsubscribe?token=${encodeURIComponent(token)}`),
      settingsUrl: url(person.role === "student" ? "/student/profile" : "/settings"),
      unsubscribeUrl: url(`/api/notifications/unsubscribe/${encodeURIComponent(token)}`),
    };
  }

  return {
    async page(
      caller: Caller,
      query: { limit: number; offset: number },
    ): Promise<Page<Notification> & { unread: number }> {
      const page = await repository.page(caller.id, query.limit, query.offset);
      return { items: page.rows.map(toNotification), total: page.total, unread: page.unread };
    },

    async markRead(caller: Caller, id: number) {
      if (!(await repository.markRead(caller.id, id, now()))) throw createNotificationNotFoundError();
      return { unreadCount: await repository.unreadCount(caller.id) };
    },

    async markAllRead(caller: Caller) {
      await repository.markAllRead(caller.id, now());
      return { unreadCount: 0 };
    },

    preferences: (caller: Caller) => preferencesOf(caller.id, caller.role),

    /** Changes the kinds given that apply to the person's role; the others keep theirs. */
    async setPreferences(caller: Caller, preferences: readonly NotificationPreference[]) {
      const applies = new Set(kindsFor(caller.role));
      for (const { kind, channel } of preferences) {
        if (applies.has(kind)) await repository.setChannel(caller.id, kind, channel);
      }
      return preferencesOf(caller.id, caller.role);
    },

    /** What an unsubscribe link switches off (the page asks before it does). */
    unsubscribeInfo(token: string) {
      const named = signer.verify(token);
      if (!named) throw createUnsubscribeNotFoundError();
      return { kind: named.kind, label: NOTIFICATION_KIND_LABELS[named.kind] };
    },

    /** RFC 8058 one-click: switches the token's kind off for its person, without a session. */
    async unsubscribe(token: string) {
      const named = signer.verify(token);
      if (!named || !(await people.person(named.facultyId))) throw createUnsubscribeNotFoundError();
      await repository.setChannel(named.facultyId, named.kind, "off");
      return { kind: named.kind, label: NOTIFICATION_KIND_LABELS[named.kind] };
    },

    /**
     * The daily digests due at `at`: for everyone whose local time is DIGEST_HOUR, one mail per
     * kind set to mail listing what no digest carried yet, and the practice reminder when
     * something is due (a reviews_due notification too, unless off). `notification_digest`
     * claims each person's kind for the local day, so a day sends at most one of each.
     */
    async sendDigests(at: Date): Promise<{ mails: number }> {
      const zones = await people.timeZones();
      const morning = (zone: string) => localTime(at, zone)?.hour === DIGEST_HOUR;
      const named = zones.filter((zone): zone is string => zone !== null && morning(zone));
      const recipients = await people.peopleIn(named, morning("UTC"));
      const students = recipients.filter((person) => person.role === "student").map((person) => person.id);
      const channels = new Map<number, Map<NotificationKind, NotificationChannel>>();
      for (const row of await repository.channelsOf(recipients.map((person) => person.id))) {
        const own = channels.get(row.facultyId) ?? new Map();
        own.set(row.kind, row.channel);
        channels.set(row.facultyId, own);
      }
      const due = students.length > 0 ? await dueCounts(students) : new Map<number, number>();
      let mails = 0;
      for (const person of recipients) {
        const day = localTime(at, person.timeZone ?? "UTC")?.day;
        if (!day) continue;
        const chosen = channels.get(person.id) ?? new Map();
        for (const kind of LISTED_KINDS) {
          if (channelOf(chosen, kind) !== "mail") continue;
          const items = await repository.unmailed(person.id, kind);
          if (items.length === 0 || !(await repository.claimDigest(person.id, kind, day))) continue;
          const links = addresses(person, kind);
          await mail.send({
            to: person.email,
            facultyId: person.id,
            kind: `digest-${kind}`,
            unsubscribeUrl: links.unsubscribeUrl,
            content: async () =>
              (await import("./notifications.mails.tsx")).digestMail({
                kind,
                institution: person.institution,
                items: items.map((item) => ({
                  title: item.title,
                  body: item.body,
                  url: item.link ? url(item.link) : null,
                })),
                ...links,
              }),
          });
          await repository.markMailed(
            items.map((item) => item.id),
            at,
          );
          mails += 1;
        }
        const channel = channelOf(chosen, "reviews_due");
        const dueNow = due.get(person.id) ?? 0;
        if (person.role !== "student" || channel === "off" || dueNow === 0) continue;
        if (!(await repository.claimDigest(person.id, "reviews_due", day))) continue;
        const title = dueNow === 1 ? "1 practice review is due" : `${dueNow} practice reviews are due`;
        await repository.insert({
          facultyId: person.id,
          kind: "reviews_due",
          title,
          body: "A few minutes of retrieval practice keeps them fresh.",
          link: "/student/practice",
          createdAt: at,
          mailedAt: channel === "mail" ? at : null,
        });
        if (channel !== "mail") continue;
        const links = addresses(person, "reviews_due");
        await mail.send({
          to: person.email,
          facultyId: person.id,
          kind: "digest-reviews_due",
          unsubscribeUrl: links.unsubscribeUrl,
          content: async () =>
            (await import("./notifications.mails.tsx")).reviewsDueMail({
              institution: person.institution,
              due: dueNow,
              ...links,
            }),
        });
        mails += 1;
      }
      return { mails };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
