import { useId } from "react";
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from "#client/api/notifications/notifications.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
  type NotificationKind,
} from "#shared/schemas/notifications.ts";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card.tsx";
import { ErrorAlert } from "../ui/error-alert.tsx";
import { Label } from "../ui/label.tsx";
import { NativeSelect } from "../ui/native-select.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { toast } from "../ui/use-toast.ts";

/**
 * Settings → Notifications and the student's Profile: per kind that applies to the person,
 * In the app / In the app and by e-mail / Off, saved as soon as it changes.
 */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const id = useId();
  const change = (kind: NotificationKind, channel: NotificationChannel) =>
    save.mutate([{ kind, channel }], {
      onSuccess: () => toast({ title: "Notification settings saved" }),
      onError: (error) =>
        toast({
          title: getErrorMessage(error, "Could not save your notification settings"),
          variant: "destructive",
        }),
    });
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Notifications</h2>
        <CardDescription>
          What the bell tells you about, and what also comes by e-mail (once a day, in the morning).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isError ? (
          <ErrorAlert error={preferences.error} fallback="Could not load your notification settings" />
        ) : null}
        {preferences.isPending ? <Skeleton className="h-20" /> : null}
        {preferences.data?.preferences.map(({ kind, channel }) => (
          <div key={kind} className="grid gap-1.5 sm:grid-cols-[1fr_16rem] sm:items-center">
            <Label htmlFor={`${id}-${kind}`}>{NOTIFICATION_KIND_LABELS[kind]}</Label>
            <NativeSelect
              id={`${id}-${kind}`}
              value={channel}
              disabled={save.isPending}
              onChange={(event) => change(kind, event.target.value as NotificationChannel)}
            >
              {NOTIFICATION_CHANNELS.map((option) => (
                <option key={option} value={option}>
                  {NOTIFICATION_CHANNEL_LABELS[option]}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
