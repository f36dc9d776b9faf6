import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { SESSION_STORAGE_KEYS } from "#shared/account.ts";
import type { DashboardStats, Faculty, LoginResponse, MeResponse } from "#shared/schemas/auth.ts";
import { apiRequest, isUnauthorized } from "./api-client.ts";
import {
  clearStoredSession,
  readStoredSession,
  type StoredSession,
  storeFaculty,
  storeSession,
} from "./session-storage.ts";

export const meQueryKey = ["/api/auth/me"] as const;

export const getMe = (signal?: AbortSignal) => apiRequest<MeResponse>("GET", "/api/auth/me", { signal });

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });

const logoutRequest = () => apiRequest<void>("POST", "/api/auth/logout");

export interface AuthContextValue {
  faculty: Faculty | null;
  stats: DashboardStats | null;
  sessionId: string | null;
  /** spec A §4: signed in means both faculty and session id are present. */
  isSignedIn: boolean;
  /** A restored session is being re-verified with the server. */
  isVerifying: boolean;
  login: (response: LoginResponse) => void;
  logout: () => Promise<void>;
  /** Fetches the account and stats again (GET /api/auth/me). */
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** spec A §4 Session: restore, re-verify, sign in, sign out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StoredSession | null>(() => readStoredSession());
  const [isVerifying, setIsVerifying] = useState(() => session !== null);
  const isSignedIn = session !== null;
  const me = useQuery({ ...meQueryOptions(), enabled: isSignedIn });

  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  // Sign-out clears session, faculty and every cached answer (stats included), whatever the server said.
  const signOutLocally = useCallback(() => {
    clearStoredSession();
    sessionRef.current = null;
    setSession(null);
    setIsVerifying(false);
    queryClient.clear();
  }, [queryClient]);

  // A failed verification signs the user out (spec A §4, §8).
  useEffect(() => {
    if (!isVerifying) return;
    if (me.isSuccess) setIsVerifying(false);
    else if (me.isError) signOutLocally();
  }, [isVerifying, me.isSuccess, me.isError, signOutLocally]);

  // Keep the stored faculty record in step with the server's.
  const serverFaculty = me.data?.faculty;
  useEffect(() => {
    if (serverFaculty && sessionRef.current) storeFaculty(serverFaculty);
  }, [serverFaculty]);

  // An expired or revoked session (any 401 while signed in) returns to the sign-in screen.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (sessionRef.current && isUnauthorized(error)) signOutLocally();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, signOutLocally]);

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const sessionRemoved =
        event.key === null || (event.key === SESSION_STORAGE_KEYS.sessionId && event.newValue === null);
      if (sessionRemoved && sessionRef.current) signOutLocally();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [signOutLocally]);

  const login = useCallback((response: LoginResponse) => {
    const next = { sessionId: response.sessionId, faculty: response.faculty };
    storeSession(next);
    sessionRef.current = next;
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
    flushSync(signOutLocally);
  }, [signOutLocally]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      faculty: session ? (serverFaculty ?? session.faculty) : null,
      stats: session ? (me.data?.stats ?? null) : null,
      sessionId: session?.sessionId ?? null,
      isSignedIn,
      isVerifying,
      login,
      logout,
      refresh,
    }),
    [session, serverFaculty, me.data?.stats, isSignedIn, isVerifying, login, logout, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside <AuthProvider>");
  return context;
}
