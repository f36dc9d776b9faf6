import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../account.ts";
import { emailSchema, facultySchema, newPasswordSchema, passwordSchema } from "./auth.ts";
import { isoDateTime, text } from "./common.ts";

export const API_KEY_MIN_LENGTH = 20;

/** spec B §5, §8: key and account messages. */
export const SETTINGS_MESSAGES = {
  keyTooShort: "Please enter a valid OpenAI API key",
  keyTooShortToTest: "Please enter a valid OpenAI API key to test",
  systemKeyRequired: "Please enter an API key",
  keyValid: "API key is valid and working!",
  keyInvalid: "The API key is not valid or has expired",
  providerUnreachable: "Could not reach the AI provider to check the key. Please try again later.",
  keyUpdated: "OpenAI API key updated successfully",
  keyRemoved: "OpenAI API key removed successfully",
  keyUpdateFailed: "Failed to update API key",
  keyRemoveFailed: "Failed to remove API key",
  systemKeyUpdateFailed: "Failed to update system default API key",
  systemKeyRemoveFailed: "Failed to remove system default API key",
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Current password is incorrect",
  newPasswordShort: `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: "Password is required",
  passwordWrong: "Password is incorrect",
  sameEmail: "That is already your email address",
} as const;

const apiKey = (message: string) =>
  text("The API key", message)
    .trim()
    .min(API_KEY_MIN_LENGTH, message)
    .max(500, "The API key is too long")
    .refine((key) => !/\s/.test(key), message);

export const personalKeySchema = z.strictObject({ apiKey: apiKey(SETTINGS_MESSAGES.keyTooShort) });

/** spec B §5: the system key needs only to be non-empty. */
export const systemKeySchema = z.strictObject({
  apiKey: text("The API key", SETTINGS_MESSAGES.systemKeyRequired)
    .trim()
    .min(1, SETTINGS_MESSAGES.systemKeyRequired)
    .max(500, "The API key is too long"),
});

/** Without a key, the key the caller's conversions would use is tested. */
export const testKeySchema = z.strictObject({
  apiKey: apiKey(SETTINGS_MESSAGES.keyTooShortToTest).optional(),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: passwordSchema(SETTINGS_MESSAGES.currentPasswordRequired),
  newPassword: newPasswordSchema(SETTINGS_MESSAGES.newPasswordShort),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.strictObject({
  password: passwordSchema(SETTINGS_MESSAGES.passwordRequired),
  newEmail: emailSchema,
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** PUT /api/auth/email: the account with its new address. */
export const changeEmailResponseSchema = z.object({ faculty: facultySchema });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

/** The last Test Key of the stored personal key: accepted by the provider or not, and when. */
export const keyTestRecordSchema = z.object({ valid: z.boolean(), testedAt: isoDateTime });
export type KeyTestRecord = z.infer<typeof keyTestRecordSchema>;

/**
 * A personal AI key: whether one is stored (never the key) and its last test; null while it has
 * not been tested since it was saved.
 */
export const facultySettingsSchema = z.object({
  hasApiKey: z.boolean(),
  lastTest: keyTestRecordSchema.nullable(),
});
export type FacultySettings = z.infer<typeof facultySettingsSchema>;

/** The institution's default AI key: whether one is stored, never the key. */
export const systemKeySettingSchema = z.object({ hasDefaultKey: z.boolean() });
export type SystemKeySetting = z.infer<typeof systemKeySettingSchema>;

/** What a key test found: the provider accepted the key, refused it, or could not be reached. */
export const KEY_TEST_OUTCOMES = ["valid", "invalid", "unreachable"] as const;

/** POST /api/openai/test: whether the provider accepted the key, and what to tell the person. */
export const keyTestResultSchema = z.object({
  valid: z.boolean(),
  outcome: z.enum(KEY_TEST_OUTCOMES),
  message: z.string(),
});
export type KeyTestResult = z.infer<typeof keyTestResultSchema>;
