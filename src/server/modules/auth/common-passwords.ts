import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "#shared/account.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/**
 * The most common passwords, from zxcvbn's list of leaked passwords (about 49,000, ranked by how
 * often they were seen): the ones long enough to pass the length rule are refused. Kept on the
 * server, so the sign-in page does not download the list.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH));
  return common.has(password.toLowerCase());
}

const createCommonPasswordError = createErrorFactory("COMMON_PASSWORD", PASSWORD_MESSAGES.common, 400);

/** Every password that is set goes through here (registration, password change, admin creation). */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw createCommonPasswordError();
}
