import type { AuthMessage } from "./components/auth-message.ts";

// A message for the sign-in screen from a page that sent the browser there (an institution sign-in
// refused or failed at /sso/complete). It travels in the history entry's state: nothing of it is in
// the address, and it is dropped once shown.

const KEY = "signInNotice";

/** The history state that carries `message` to the sign-in screen (wouter's `navigate` option). */
export const withSignInNotice = (message: AuthMessage) => ({ [KEY]: message });

/** The message left for the sign-in screen, if any. */
export function readSignInNotice(): AuthMessage | null {
  const state: unknown = window.history.state;
  if (typeof state !== "object" || state === null || !(KEY in state)) return null;
  const notice = (state as Record<string, unknown>)[KEY];
  return isAuthMessage(notice) ? notice : null;
}

/** Drops the message from the history entry once shown: a reload does not show it again. */
export function clearSignInNotice() {
  const state: unknown = window.history.state;
  if (typeof state !== "object" || state === null || !(KEY in state)) return;
  const { [KEY]: _shown, ...rest } = state as Record<string, unknown>;
  window.history.replaceState(rest, "");
}

function isAuthMessage(value: unknown): value is AuthMessage {
  if (typeof value !== "object" || value === null) return false;
  const { tone, text } = value as Record<string, unknown>;
  return (tone === "error" || tone === "success") && typeof text === "string";
}
