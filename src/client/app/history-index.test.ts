import { beforeEach, expect, it, vi } from "vitest";
import { hasInAppHistory, historyIndex, trackHistoryIndex } from "./history-index.ts";

beforeEach(() => window.history.replaceState(null, ""));

const navigate = vi.fn((to: string, options?: { replace?: boolean; state?: unknown }) => {
  if (options?.replace) window.history.replaceState(options.state, "", to);
  else window.history.pushState(options?.state, "", to);
});

it("counts in-app navigations so the back button knows whether history is the app's", () => {
  expect(hasInAppHistory()).toBe(false);
  trackHistoryIndex(navigate, "/profile", undefined);
  expect(historyIndex()).toBe(1);
  trackHistoryIndex(navigate, "/settings", { replace: true });
  expect(historyIndex()).toBe(1);
  trackHistoryIndex(navigate, "/admin/users", {});
  expect(historyIndex()).toBe(2);
  expect(hasInAppHistory()).toBe(true);
});
