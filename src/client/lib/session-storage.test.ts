import { beforeEach, expect, it, vi } from "vitest";
import { clearStoredSession, readSessionId, readStoredSession, storeSession } from "./session-storage.ts";

const faculty = {
  id: 1,
  name: "Ada Admin",
  email: "ada@example.edu",
  role: "instructor",
  status: "approved",
  title: "Professor",
  department: "CS",
  institution: "State",
  createdAt: "2025-01-01T00:00:00.000Z",
} as const;

beforeEach(() => localStorage.clear());

it("restores a session only when both parts exist", () => {
  expect(readStoredSession()).toBeNull();
  storeSession({ sessionId: "s1", faculty });
  expect(readStoredSession()).toEqual({ sessionId: "s1", faculty });
});

it("removes both parts when the stored faculty cannot be parsed (spec A §4)", () => {
  localStorage.setItem("sessionId", "s1");
  localStorage.setItem("faculty", "{not json");
  expect(readStoredSession()).toBeNull();
  expect(localStorage.getItem("sessionId")).toBeNull();
  expect(localStorage.getItem("faculty")).toBeNull();
});

it("keeps the session for the page load when the browser refuses local storage (an LMS's iframe)", () => {
  const refused = vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  });
  try {
    storeSession({ sessionId: "s2", faculty });
    expect(readSessionId()).toBe("s2");
    expect(readStoredSession()).toEqual({ sessionId: "s2", faculty });
    clearStoredSession();
    expect(readSessionId()).toBeNull();
  } finally {
    refused.mockRestore();
  }
});
