import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { SESSION_STORAGE_KEYS } from "#shared/account.ts";
import type { LoginResponse, MeResponse } from "#shared/schemas/auth.ts";
import { answerOf, api } from "./api-client.ts";
import {
  clearStoredSession,
  readStoredSession,
  type StoredSession,
  storeSession,
} from "./session-storage.ts";

// spec A §4 Session: restore, sign in, sign out. This half runs on every page, the sign-in page
// included, and needs no React Query; the account data of a signed-in person (GET /api/auth/me) is
// auth.tsx's, loaded with the signed-in screens (docs/decisions/0024-signed-out-page-under-100-kb.md).

/** GET /api/auth/me */
export const getMe = (signal?: AbortSignal) => answerOf(api.GET("/api/auth/me", { signal }));

/** POST /api/auth/logout */
const logoutRequest = () => answerOf(api.POST("/api/auth/logout"));

const sessionEndListeners = new Set<() => void>();

/** Calls `listener` whenever a session ends here (query-client.ts empties its cache). */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

let earlyCheck: Promise<MeResponse> | null = null;
let earlyCheckStarted = false;

/**
 * Starts checking the session restored at page load (GET /api/auth/me) at once, while the signed-in
 * screens are still downloading; auth.tsx's account query takes this answer instead of asking
 * again. Once per page load: a later check is the query's own.
 */
function startSessionCheck() {
  if (earlyCheckStarted) return;
  earlyCheckStarted = true;
  earlyCheck = getMe();
  earlyCheck.catch(() => undefined); // the query that takes it reports a failure
}

/** The check started at page load, once; null when none is waiting. */
export function takeSessionCheck(): Promise<MeResponse> | null {
  const check = earlyCheck;
  earlyCheck = null;
  return check;
}

export interface SessionContextValue {
  session: StoredSession | null;
  /** spec A §4: signed in means both faculty and session id are present. */
  isSignedIn: boolean;
  /** A restored session is being re-verified with the server. */
  isVerifying: boolean;
  login: (response: LoginResponse) => void;
  logout: () => Promise<void>;
  /** Ends the session on this device: storage, state and every cached answer, whatever the server said. */
  endSession: () => void;
  /** The server confirmed the restored session. */
  confirmSession: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(() => {
    const restored = readStoredSession();
    if (restored) startSessionCheck();
    return restored;
  });
  const [isVerifying, setIsVerifying] = useState(() => session !== null);

  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  const endSession = useCallback(() => {
    clearStoredSession();
    sessionRef.current = null;
    earlyCheck = null;
    setSession(null);
    setIsVerifying(false);
    for (const listener of sessionEndListeners) listener();
  }, []);

  // A transition: React renders the signed-in app in slices between which the browser stays
  // responsive, where one urgent render held the main thread for a long task.
  const confirmSession = useCallback(() => startTransition(() => setIsVerifying(false)), []);

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const sessionRemoved =
        event.key === null || (event.key === SESSION_STORAGE_KEYS.sessionId && event.newValue === null);
      if (sessionRemoved && sessionRef.current) endSession();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [endSession]);

  const login = useCallback((response: LoginResponse) => {
    const next = { sessionId: response.sessionId, faculty: response.faculty };
    storeSession(next);
    sessionRef.current = next;
    earlyCheck = null;
    setSession(next);
    setIsVerifying(false);
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      // spec A §8: a failed logout call is only logged; local sign-out still happens.
      console.error("Sign-out request failed; signing out locally.", error);
    }
    // Committed at once, so a navigation right after sign-out never renders the signed-in routes.
    flushSync(endSession);
  }, [endSession]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      isSignedIn: session !== null,
      isVerifying,
      login,
      logout,
      endSession,
      confirmSession,
    }),
    [session, isVerifying, login, logout, endSession, confirmSession],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error("useSession must be used inside <SessionProvider>");
  return context;
}
