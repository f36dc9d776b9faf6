import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { Link } from "wouter";
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from "#client/api/notifications/notifications.ts";
import { cn, formatDateTime } from "#client/lib/utils.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import { Button } from "../ui/button.tsx";

/** The accessible name of the bell: how many are unread, as a screen reader says it. */
export const bellLabel = (unread: number) =>
  unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;

/**
 * The bell with the unread count, opening the person's newest notifications: each with its time
 * and link, marked read when opened or with "Mark as read"; "Mark all read" for the rest.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { data } = useNotifications();
  const unread = data?.unreadCount ?? 0;
  const markAll = useMarkAllNotificationsRead();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn("relative", className)}
          aria-label={bellLabel(unread)}
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-semibold text-destructive-foreground"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          className="z-50 grid max-h-[min(32rem,80dvh)] w-[min(24rem,calc(100vw-1rem))] grid-rows-[auto_1fr] overflow-hidden rounded-lg border bg-card text-card-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate(undefined)}
            >
              Mark all read
            </Button>
          </div>
          {data && data.items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">Nothing new yet.</p>
          ) : (
            <ul className="overflow-y-auto" aria-label="Your notifications">
              {data?.items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead();
  const unread = notification.readAt === null;
  const read = () => {
    if (unread) markRead.mutate(notification.id);
  };
  const title = <span className="font-medium">{notification.title}</span>;
  return (
    <li className={cn("grid gap-1 border-b px-3 py-2 text-sm last:border-b-0", unread && "bg-accent/50")}>
      <div className="flex items-start justify-between gap-2">
        {notification.link ? (
          <Popover.Close asChild>
            <Link href={notification.link} onClick={read} className="underline-offset-2 hover:underline">
              {title}
            </Link>
          </Popover.Close>
        ) : (
          title
        )}
        {unread ? <span className="sr-only">(unread)</span> : null}
      </div>
      <p className="break-words text-muted-foreground">{notification.body}</p>
      <div className="flex items-center justify-between gap-2">
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(notification.createdAt)}
        </time>
        {unread ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={read}
            disabled={markRead.isPending}
          >
            Mark as read
          </Button>
        ) : null}
      </div>
    </li>
  );
}
