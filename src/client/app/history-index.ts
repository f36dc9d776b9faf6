import type { AroundNavHandler } from "wouter";

// The back button goes back only within the app (spec A §2). Every in-app navigation records its
// depth in history.state; the browser restores that state on back/forward and on reload, so the
// depth of the current entry is always known. Depth 0 is the entry the app was opened on.

interface IndexedState {
  plIndex?: unknown;
}

export function historyIndex(): number {
  const state = window.history.state as IndexedState | null;
  return typeof state?.plIndex === "number" ? state.plIndex : 0;
}

export function hasInAppHistory(): boolean {
  return historyIndex() > 0;
}

/** Router `aroundNav`: every push goes one deeper; a replace keeps the current depth. */
export const trackHistoryIndex: AroundNavHandler = (navigate, to, options) => {
  const plIndex = options?.replace ? historyIndex() : historyIndex() + 1;
  const extra = typeof options?.state === "object" && options.state !== null ? options.state : {};
  navigate(to, { ...options, state: { ...extra, plIndex } });
};
