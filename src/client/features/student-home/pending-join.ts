import { normaliseJoinCode } from "#shared/domain/join-code.ts";

// A join code opened while signed out (/join/:code), kept in this browser until the student signs
// in (possibly days later, once an administrator approves the account), then joined.
const KEY = "pl.pendingJoinCode";

export function keepPendingJoinCode(code: string): void {
  const normal = normaliseJoinCode(code);
  if (!normal) return;
  try {
    localStorage.setItem(KEY, normal);
  } catch {
    // storage refused (private mode): the student can still type the code after signing in
  }
}

export function takePendingJoinCode(): string | null {
  try {
    const code = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return code && normaliseJoinCode(code);
  } catch {
    return null;
  }
}
