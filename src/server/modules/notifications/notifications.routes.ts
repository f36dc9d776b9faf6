import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "#shared/schemas/common.ts";
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  unsubscribeBodySchema,
  unsubscribeInfoSchema,
  unsubscribeParamsSchema,
  updateNotificationPreferencesSchema,
} from "#shared/schemas/notifications.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { NotificationsService } from "./notifications.service.ts";

const notificationParams = idParams("id", "notification id");

/** One's notifications (the bell), their preferences, and one-click unsubscribe (RFC 8058). */
export const notificationsRoutes =
  (service: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    // One-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058 §3.1).
    if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) {
      app.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }

    app.get(
      "/api/notifications",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { querystring: notificationListQuerySchema, response: { 200: notificationListSchema } },
      },
      async (request, reply) => {
        const page = await service.page(requireCaller(request), request.query);
        reply.header("X-Total-Count", String(page.total));
        return { items: page.items, unreadCount: page.unread };
      },
    );

    app.post(
      "/api/notifications/:id/read",
      {
        config: { access: access.owner({ students: true }) },
        schema: { params: notificationParams, response: { 200: unreadCountSchema } },
      },
      async (request) => service.markRead(requireCaller(request), request.params.id),
    );

    app.post(
      "/api/notifications/read-all",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { response: { 200: unreadCountSchema } },
      },
      async (request) => service.markAllRead(requireCaller(request)),
    );

    app.get(
      "/api/notifications/preferences",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { response: { 200: notificationPreferencesSchema } },
      },
      async (request) => service.preferences(requireCaller(request)),
    );

    app.put(
      "/api/notifications/preferences",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: {
          body: updateNotificationPreferencesSchema,
          response: { 200: notificationPreferencesSchema },
        },
      },
      async (request) => service.setPreferences(requireCaller(request), request.body.preferences),
    );

    // GET only says what the link would switch off (the page asks first): it never changes anything.
    app.get(
      "/api/notifications/unsubscribe/:token",
      {
        config: { access: access.public() },
        schema: { params: unsubscribeParamsSchema, response: { 200: unsubscribeInfoSchema } },
      },
      async (request) => service.unsubscribeInfo(request.params.token),
    );

    app.post(
      "/api/notifications/unsubscribe/:token",
      {
        config: { access: access.public() },
        schema: {
          params: unsubscribeParamsSchema,
          body: unsubscribeBodySchema,
          response: { 200: unsubscribeInfoSchema },
        },
      },
      async (request) => service.unsubscribe(request.params.token),
    );
  };
