import { NOTIFICATION_MESSAGES } from "#shared/schemas/notifications.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createNotificationNotFoundError = createErrorFactory(
  "NOTIFICATION_NOT_FOUND",
  NOTIFICATION_MESSAGES.notFound,
  404,
);
export const createUnsubscribeNotFoundError = createErrorFactory(
  "UNSUBSCRIBE_NOT_FOUND",
  NOTIFICATION_MESSAGES.unsubscribeNotFound,
  404,
);
