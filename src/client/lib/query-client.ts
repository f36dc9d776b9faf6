import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest, isUnauthorized } from "./api-client.ts";
import { onSessionEnd } from "./session.tsx";

export type UnauthorizedBehavior = "returnNull" | "throw";

/** spec A §7: the default read is a GET of the query key segments joined with slashes. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey
      .filter((segment) => typeof segment === "string" || typeof segment === "number")
      .join("/");
    try {
      return await apiRequest<T>("GET", url, { signal });
    } catch (error) {
      if (on401 === "returnNull" && isUnauthorized(error)) return null;
      throw error;
    }
  };
}

/** spec A §7: never stale, no focus or interval refetch, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Sign-out clears every cached answer (stats included): nothing of one account is shown to the next.
onSessionEnd(() => queryClient.clear());
