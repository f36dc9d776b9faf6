import {
  type FacultySettings,
  type KeyTestResult,
  SETTINGS_MESSAGES,
  type SystemKeySetting,
} from "#shared/schemas/settings.ts";
import type { AiProvider } from "../../platform/ai/ai-provider.ts";
import type { ApiKeyStore } from "./api-keys.ts";
import { createNoKeyToTestError } from "./settings.errors.ts";

/** spec B §7: personal and system AI keys, and the key test. Keys go in; only "is one set" comes out. */
export function createSettingsService(deps: { keys: ApiKeyStore; provider: AiProvider; now: () => Date }) {
  const { keys, provider, now } = deps;
  const personal = async (facultyId: number): Promise<FacultySettings> => {
    const { hasApiKey, lastTest } = await keys.personalStatus(facultyId);
    return {
      hasApiKey,
      lastTest: lastTest ? { valid: lastTest.valid, testedAt: lastTest.testedAt.toISOString() } : null,
    };
  };
  return {
    personal,
    /** A new key is "saved, not tested" until Test Key: saving does not call the provider. */
    async setPersonal(facultyId: number, apiKey: string): Promise<FacultySettings> {
      await keys.setPersonal(facultyId, apiKey);
      return { hasApiKey: true, lastTest: null };
    },
    async removePersonal(facultyId: number): Promise<FacultySettings> {
      await keys.removePersonal(facultyId);
      return { hasApiKey: false, lastTest: null };
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

    /**
     * Lists the provider's models with the key sent, or with the key the person's conversions use.
     * A refusal and a provider out of reach are told apart; when the key tested is the person's
     * stored key, the outcome is kept with its time (not when the provider could not be reached:
     * that says nothing about the key).
     */
    async testKey(facultyId: number, sent: string | undefined): Promise<KeyTestResult> {
      const apiKey = sent ?? (await keys.resolveFor(facultyId))?.apiKey;
      if (!apiKey) throw createNoKeyToTestError();
      const outcome = await provider.checkKey(apiKey);
      if (outcome !== "unreachable") {
        await keys.recordPersonalTest(facultyId, apiKey, { valid: outcome === "valid", testedAt: now() });
      }
      const message = {
        valid: SETTINGS_MESSAGES.keyValid,
        invalid: SETTINGS_MESSAGES.keyInvalid,
        unreachable: SETTINGS_MESSAGES.providerUnreachable,
      }[outcome];
      return { valid: outcome === "valid", outcome, message };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
