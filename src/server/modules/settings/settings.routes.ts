import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "#shared/schemas/common.ts";
import {
  facultySettingsSchema,
  keyTestResultSchema,
  personalKeySchema,
  systemKeySchema,
  systemKeySettingSchema,
  testKeySchema,
} from "#shared/schemas/settings.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import type { SettingsService } from "./settings.service.ts";

const facultyParams = idParams("id", "faculty id");
const personal = { 200: facultySettingsSchema };
const system = { 200: systemKeySettingSchema };

/** spec B §7: personal and system AI keys, and the key test. */
export const settingsRoutes =
  (deps: { settings: SettingsService; keyTests: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    const { settings, keyTests } = deps;

    app.get(
      "/api/faculty/:id/settings",
      { config: { access: access.self("id") }, schema: { params: facultyParams, response: personal } },
      async (request) => settings.personal(request.params.id),
    );

    app.put(
      "/api/faculty/:id/api-key",
      {
        config: { access: access.self("id") },
        schema: { params: facultyParams, body: personalKeySchema, response: personal },
      },
      async (request) => settings.setPersonal(request.params.id, request.body.apiKey),
    );

    app.delete(
      "/api/faculty/:id/api-key",
      { config: { access: access.self("id") }, schema: { params: facultyParams, response: personal } },
      async (request) => settings.removePersonal(request.params.id),
    );

    app.get(
      "/api/admin/settings/openai-key",
      { config: { access: access.superAdmin() }, schema: { response: system } },
      async () => settings.system(),
    );

    app.put(
      "/api/admin/settings/openai-key",
      { config: { access: access.superAdmin() }, schema: { body: systemKeySchema, response: system } },
      async (request) => settings.setSystem(request.body.apiKey, requireCaller(request).id),
    );

    app.delete(
      "/api/admin/settings/openai-key",
      { config: { access: access.superAdmin() }, schema: { response: system } },
      async () => settings.removeSystem(),
    );

    app.post(
      "/api/openai/test",
      {
        config: { access: access.signedIn() },
        schema: { body: testKeySchema.nullish(), response: { 200: keyTestResultSchema } },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        // Each test is a call to the AI provider: a person needs a handful, not hundreds.
        refuseWhenLimited(
          await keyTests.hit(`key-test:${caller.id}`),
          reply,
          "Too many key tests. Please wait a minute and try again.",
        );
        return settings.testKey(caller.id, request.body?.apiKey);
      },
    );
  };
