import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "#shared/schemas/common.ts";
import {
  type FacultySettings,
  type KeyTestResult,
  personalKeySchema,
  SETTINGS_MESSAGES,
  type SystemKeySetting,
  systemKeySchema,
  testKeySchema,
} from "#shared/schemas/settings.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { createErrorFactory, createRateLimitedError } from "../../lib/errors.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import type { AiProvider } from "../ai/ai-provider.ts";
import type { ApiKeyStore } from "./api-keys.ts";

const facultyParams = idParams("id", "faculty id");

const createNoKeyToTestError = createErrorFactory({
  code: "NO_KEY_TO_TEST",
  message: SETTINGS_MESSAGES.keyTooShortToTest,
  statusCode: 400,
});

/** spec B §7: personal and system AI keys, and the key test. Keys go in; only "is one set" comes out. */
export const settingsRoutes =
  (deps: { keys: ApiKeyStore; provider: AiProvider; keyTests: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    const { keys, provider, keyTests } = deps;

    app.get(
      "/api/faculty/:id/settings",
      { config: { access: access.self("id") }, schema: { params: facultyParams } },
      async (request): Promise<FacultySettings> => ({ hasApiKey: await keys.hasPersonal(request.params.id) }),
    );

    app.put(
      "/api/faculty/:id/api-key",
      { config: { access: access.self("id") }, schema: { params: facultyParams, body: personalKeySchema } },
      async (request): Promise<FacultySettings> => {
        await keys.setPersonal(request.params.id, request.body.apiKey);
        return { hasApiKey: true };
      },
    );

    app.delete(
      "/api/faculty/:id/api-key",
      { config: { access: access.self("id") }, schema: { params: facultyParams } },
      async (request): Promise<FacultySettings> => {
        await keys.removePersonal(request.params.id);
        return { hasApiKey: false };
      },
    );

    app.get(
      "/api/admin/settings/openai-key",
      { config: { access: access.superAdmin() } },
      async (): Promise<SystemKeySetting> => ({ hasDefaultKey: await keys.hasSystem() }),
    );

    app.put(
      "/api/admin/settings/openai-key",
      { config: { access: access.superAdmin() }, schema: { body: systemKeySchema } },
      async (request): Promise<SystemKeySetting> => {
        await keys.setSystem(request.body.apiKey, requireCaller(request).id);
        return { hasDefaultKey: true };
      },
    );

    app.delete(
      "/api/admin/settings/openai-key",
      { config: { access: access.superAdmin() } },
      async (): Promise<SystemKeySetting> => {
        await keys.removeSystem();
        return { hasDefaultKey: false };
      },
    );

    /** Lists the provider's models with the key sent, or with the key the caller's conversions use. */
    app.post(
      "/api/openai/test",
      { config: { access: access.signedIn() }, schema: { body: testKeySchema.nullish() } },
      async (request, reply): Promise<KeyTestResult> => {
        const caller = requireCaller(request);
        const limited = keyTests.hit(`key-test:${caller.id}`);
        if (!limited.allowed) {
          reply.header("Retry-After", String(limited.retryAfterSeconds));
          throw createRateLimitedError("Too many key tests. Please wait a minute and try again.");
        }
        const apiKey = request.body?.apiKey ?? (await keys.resolveFor(caller.id))?.apiKey;
        if (!apiKey) throw createNoKeyToTestError();
        const check = await provider.checkKey(apiKey);
        if (check === "valid") return { valid: true, message: SETTINGS_MESSAGES.keyValid };
        if (check === "invalid") return { valid: false, message: SETTINGS_MESSAGES.keyInvalid };
        return { valid: false, message: SETTINGS_MESSAGES.providerUnreachable };
      },
    );
  };
