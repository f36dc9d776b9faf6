import type { AppModule } from "../../context.ts";
import { createNotificationsReadModel } from "../../read-models/notifications.read-model.ts";
import { notificationsRoutes } from "./notifications.routes.ts";
import { createNotificationsService } from "./notifications.service.ts";

/** The digest job's period: every local morning hour is met, at most one run at a time. */
export const NOTIFICATION_DIGEST_QUEUE = "notifications.digest";
const DIGEST_EVERY_SECONDS = 15 * 60;

/** In-app notifications, preferences, daily digests and one-click unsubscribe. */
export const notificationsModule: AppModule = ({
  db,
  now,
  config,
  mail,
  jobs,
  unsubscribeSigner,
  dueCounts,
}) => {
  const service = createNotificationsService({
    db,
    now,
    config,
    mail,
    signer: unsubscribeSigner,
    people: createNotificationsReadModel(db),
    dueCounts: dueCounts.dueCounts,
  });
  jobs.every(NOTIFICATION_DIGEST_QUEUE, DIGEST_EVERY_SECONDS, () => service.sendDigests(now()));
  return notificationsRoutes(service);
};
