import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "#shared/account.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/**
 * The most common passwords, from zxcvbn's list of leaked passwords (about 49,000, ranked by how
 * often they were seen): the ones long enough to pass the length rule are refused. Kept on the
 * server, so the sign-in page does not download the list; loaded when a password is first set,
 * not at start-up (its dictionaries cost start-up time and memory that most runs never use).
 */
let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(dictionary["passwords-common"].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH)),
  );
  return (await common).has(password.toLowerCase());
}

const createCommonPasswordError = createErrorFactory("COMMON_PASSWORD", PASSWORD_MESSAGES.common, 400);

/** Every password that is set goes through here (registration, password change, admin creation). */
export async function assertUncommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw createCommonPasswordError();
}
