import type { AiStatus } from "#shared/schemas/conversions.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { SettingsRepository } from "./settings.repository.ts";

const SYSTEM_KEY = "openai_default_key";
const personalContext = (facultyId: number) => `faculty:${facultyId}:openai`;
const systemContext = `system:${SYSTEM_KEY}`;

export type KeySource = Exclude<AiStatus["keySource"], "none">;

export interface ResolvedKey {
  apiKey: string;
  source: KeySource;
}

/**
 * The AI keys: a personal one per faculty member, one system default (super_admin), and
 * OPENAI_API_KEY from the environment. Stored sealed with AES-256-GCM (lib/secret-box.ts), bound to
 * their owner, never returned by the API. A value that no longer opens (the app secret changed)
 * counts as absent, so the person can simply enter it again.
 */
export function createApiKeyStore(deps: {
  settings: SettingsRepository;
  box: SecretBox;
  environmentKey: string | undefined;
}) {
  const { settings, box, environmentKey } = deps;

  const open = (sealed: string | null, context: string): string | null => {
    if (!sealed) return null;
    try {
      return box.decrypt(sealed, context);
    } catch {
      return null;
    }
  };

  const personal = async (facultyId: number) =>
    open(await settings.personalKey(facultyId), personalContext(facultyId));
  const personalTest = async (facultyId: number) => {
    const sealed = await settings.personalKey(facultyId);
    if (open(sealed, personalContext(facultyId)) === null) return { hasApiKey: false, lastTest: null };
    return { hasApiKey: true, lastTest: await settings.personalKeyTest(facultyId) };
  };
  const system = async () => open(await settings.systemValue(SYSTEM_KEY), systemContext);

  return {
    hasPersonal: async (facultyId: number) => (await personal(facultyId)) !== null,
    setPersonal: (facultyId: number, apiKey: string) =>
      settings.setPersonalKey(facultyId, box.encrypt(apiKey, personalContext(facultyId))),
    removePersonal: (facultyId: number) => settings.setPersonalKey(facultyId, null),
    /** Whether a personal key is stored, and the outcome and time of its last test (null: untested). */
    personalStatus: personalTest,
    /**
     * Keeps a test's outcome when the key tested is the one stored (not a key typed to try it),
     * and only while it still is.
     */
    async recordPersonalTest(facultyId: number, apiKey: string, test: { valid: boolean; testedAt: Date }) {
      const sealed = await settings.personalKey(facultyId);
      if (!sealed || open(sealed, personalContext(facultyId)) !== apiKey) return false;
      await settings.recordPersonalKeyTest(facultyId, sealed, test);
      return true;
    },

    hasSystem: async () => (await system()) !== null,
    setSystem: (apiKey: string, updatedBy: number) =>
      settings.setSystemValue(SYSTEM_KEY, box.encrypt(apiKey, systemContext), updatedBy),
    removeSystem: () => settings.deleteSystemValue(SYSTEM_KEY),

    /** ARCHITECTURE (AI): the caller's own key, else the system default, else OPENAI_API_KEY. */
    async resolveFor(facultyId: number): Promise<ResolvedKey | null> {
      const own = await personal(facultyId);
      if (own) return { apiKey: own, source: "personal" };
      const shared = await system();
      if (shared) return { apiKey: shared, source: "system" };
      if (environmentKey) return { apiKey: environmentKey, source: "environment" };
      return null;
    },
  };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
