import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "#client/lib/auth.tsx";
import { queryClient } from "#client/lib/query-client.ts";

/**
 * React Query and the signed-in person's account, for the screens that read the API: the signed-in
 * app and the public contribution page. Loaded with them, never by the sign-in page.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
