import { SESSION_STORAGE_KEYS } from "#shared/account.ts";
import type { Faculty } from "#shared/schemas/auth.ts";

// spec A §3/§4: the session id and the faculty record live in local storage under these names.

export interface StoredSession {
  sessionId: string;
  faculty: Faculty;
}

type SessionStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Where the session is kept when the browser refuses local storage (privacy mode, or an LMS's
 * iframe on another site when third-party storage is blocked): this page load only, so the app
 * still works until a reload.
 */
const memory = new Map<string, string>();
const pageMemory: SessionStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => {
    memory.set(key, value);
  },
  removeItem: (key) => {
    memory.delete(key);
  },
};

function storage(): SessionStore {
  try {
    return window.localStorage ?? pageMemory;
  } catch {
    return pageMemory;
  }
}

export function readSessionId(): string | null {
  return storage().getItem(SESSION_STORAGE_KEYS.sessionId) ?? null;
}

function isFaculty(value: unknown): value is Faculty {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "number" && typeof record.name === "string" && typeof record.email === "string";
}

/** The stored session when both parts exist; unparsable data removes both (spec A §4). */
export function readStoredSession(): StoredSession | null {
  const store = storage();
  const sessionId = store.getItem(SESSION_STORAGE_KEYS.sessionId);
  const facultyJson = store.getItem(SESSION_STORAGE_KEYS.faculty);
  if (!sessionId && !facultyJson) return null;
  if (!sessionId || !facultyJson) {
    clearStoredSession(); // half a session is no session; drop the stray part
    return null;
  }
  try {
    const faculty: unknown = JSON.parse(facultyJson);
    if (isFaculty(faculty)) return { sessionId, faculty };
  } catch {
    // fall through: unreadable data is removed below
  }
  clearStoredSession();
  return null;
}

export function storeSession({ sessionId, faculty }: StoredSession) {
  const store = storage();
  store.setItem(SESSION_STORAGE_KEYS.sessionId, sessionId);
  store.setItem(SESSION_STORAGE_KEYS.faculty, JSON.stringify(faculty));
}

export function storeFaculty(faculty: Faculty) {
  storage().setItem(SESSION_STORAGE_KEYS.faculty, JSON.stringify(faculty));
}

export function clearStoredSession() {
  const store = storage();
  store.removeItem(SESSION_STORAGE_KEYS.sessionId);
  store.removeItem(SESSION_STORAGE_KEYS.faculty);
}
