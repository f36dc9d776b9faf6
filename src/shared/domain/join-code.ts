/**
 * A project's join code: 8 characters a student can read aloud or type from a projector
 * without confusing them: digits and capital letters without 0/O, 1/I/L (31 characters, about
 * 8.5 * 10^11 codes). Typed codes are read case-blind, with spaces and dashes ignored.
 */
export const JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const JOIN_CODE_LENGTH = 8;

/** A new random code (Web Crypto, so the server and the browser share it); unbiased by rejection. */
export function newJoinCode(): string {
  const limit = 256 - (256 % JOIN_CODE_ALPHABET.length);
  let code = "";
  while (code.length < JOIN_CODE_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(16))) {
      if (byte >= limit || code.length === JOIN_CODE_LENGTH) continue;
      code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
    }
  }
  return code;
}

/** What a person typed, as a code: upper case, without spaces or dashes; null when it cannot be one. */
export function normaliseJoinCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, "").toUpperCase();
  if (code.length !== JOIN_CODE_LENGTH) return null;
  for (const char of code) if (!JOIN_CODE_ALPHABET.includes(char)) return null;
  return code;
}
