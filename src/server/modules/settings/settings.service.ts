import {
  type FacultySettings,
  type KeyTestResult,
  SETTINGS_MESSAGES,
  type SystemKeySetting,
} from "#shared/schemas/settings.ts";
import type { AiProvider } from "../ai/ai-provider.ts";
import type { ApiKeyStore } from "./api-keys.ts";
import { createNoKeyToTestError } from "./settings.errors.ts";

/** spec B §7: personal and system AI keys, and the key test. Keys go in; only "is one set" comes out. */
export function createSettingsService(deps: { keys: ApiKeyStore; provider: AiProvider }) {
  const { keys, provider } = deps;
  return {
    async personal(facultyId: number): Promise<FacultySettings> {
      return { hasApiKey: await keys.hasPersonal(facultyId) };
    },
    async setPersonal(facultyId: number, apiKey: string): Promise<FacultySettings> {
      await keys.setPersonal(facultyId, apiKey);
      return { hasApiKey: true };
    },
    async removePersonal(facultyId: number): Promise<FacultySettings> {
      await keys.removePersonal(facultyId);
      return { hasApiKey: false };
    },

    async system(): Promise<SystemKeySetting> {
      return { hasDefaultKey: await keys.hasSystem() };
    },
    async setSystem(apiKey: string, by: number): Promise<SystemKeySetting> {
      await keys.setSystem(apiKey, by);
      return { hasDefaultKey: true };
    },
    async removeSystem(): Promise<SystemKeySetting> {
      await keys.removeSystem();
      return { hasDefaultKey: false };
    },

    /** Lists the provider's models with the key sent, or with the key the person's conversions use. */
    async testKey(facultyId: number, sent: string | undefined): Promise<KeyTestResult> {
      const apiKey = sent ?? (await keys.resolveFor(facultyId))?.apiKey;
      if (!apiKey) throw createNoKeyToTestError();
      const check = await provider.checkKey(apiKey);
      if (check === "valid") return { valid: true, message: SETTINGS_MESSAGES.keyValid };
      if (check === "invalid") return { valid: false, message: SETTINGS_MESSAGES.keyInvalid };
      return { valid: false, message: SETTINGS_MESSAGES.providerUnreachable };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
