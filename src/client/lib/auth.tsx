import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import type { DashboardStats, Faculty, LoginResponse } from "#shared/schemas/auth.ts";
import { isUnauthorized } from "./api-client.ts";
import { getMe, takeSessionCheck, useSession } from "./session.tsx";
import { storeFaculty } from "./session-storage.ts";

// spec A §4 Session, the signed-in half: the account and its figures from GET /api/auth/me, which
// also re-verifies a restored session. Loaded with the screens that need it (React Query), never
// by the sign-in page; session.tsx keeps the session itself.

export const meQueryKey = ["auth", "me"] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    // a restored session's check may have started before this code arrived (session.tsx)
    queryFn: ({ signal }) => takeSessionCheck() ?? getMe(signal),
  });

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

/** The signed-in person's account, inside a QueryClientProvider and a SessionProvider. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { session, isSignedIn, isVerifying, login, logout, endSession, confirmSession } = useSession();
  const me = useQuery({ ...meQueryOptions(), enabled: isSignedIn });

  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  // A failed verification signs the user out (spec A §4, §8).
  useEffect(() => {
    if (!isVerifying) return;
    if (me.isSuccess) confirmSession();
    else if (me.isError) endSession();
  }, [isVerifying, me.isSuccess, me.isError, confirmSession, endSession]);

  // Keep the stored faculty record in step with the server's.
  const serverFaculty = me.data?.faculty;
  useEffect(() => {
    if (serverFaculty && sessionRef.current) storeFaculty(serverFaculty);
  }, [serverFaculty]);

  // An expired or revoked session (any 401 while signed in) returns to the sign-in screen.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (sessionRef.current && isUnauthorized(error)) endSession();
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
  }, [queryClient, endSession]);

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
