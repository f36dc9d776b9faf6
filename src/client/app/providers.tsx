import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { LazyToaster } from "#client/components/ui/lazy-toaster.tsx";
import { AuthProvider } from "#client/lib/auth.tsx";
import { queryClient } from "#client/lib/query-client.ts";
import { trackHistoryIndex } from "./history-index.ts";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router aroundNav={trackHistoryIndex}>
        <AuthProvider>
          {children}
          <LazyToaster />
        </AuthProvider>
      </Router>
    </QueryClientProvider>
  );
}
