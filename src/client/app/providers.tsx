import type { ReactNode } from "react";
import { Router } from "wouter";
import { LazyToaster } from "#client/components/ui/lazy-toaster.tsx";
import { SessionProvider } from "#client/lib/session.tsx";
import { trackHistoryIndex } from "./history-index.ts";

/** What every page needs, the sign-in page included: routing and the session (no React Query). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Router aroundNav={trackHistoryIndex}>
      <SessionProvider>
        {children}
        <LazyToaster />
      </SessionProvider>
    </Router>
  );
}
