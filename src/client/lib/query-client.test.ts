import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createQueryClient, getQueryFn } from "./query-client.ts";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const context = (queryKey: readonly unknown[]) => ({
  queryKey,
  signal: new AbortController().signal,
  meta: undefined,
  client: new QueryClient(),
});

it("GETs the query key segments joined with slashes", async () => {
  fetchMock.mockResolvedValue(new Response("[]", { status: 200 }));
  await getQueryFn({ on401: "throw" })(context(["/api/faculty", 7]) as never);
  expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/faculty/7");
  expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("GET");
});

it("yields null for a 401 when asked to, and throws by default", async () => {
  fetchMock.mockImplementation(async () => new Response('{"message":"Please sign in"}', { status: 401 }));
  await expect(getQueryFn({ on401: "returnNull" })(context(["/api/auth/me"]) as never)).resolves.toBeNull();
  await expect(getQueryFn({ on401: "throw" })(context(["/api/auth/me"]) as never)).rejects.toThrow(/^401: /);
});

it("never goes stale, never refetches on its own and never retries", () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
  expect(queries?.refetchOnWindowFocus).toBe(false);
  expect(queries?.refetchInterval).toBe(false);
  expect(queries?.retry).toBe(false);
  expect(mutations?.retry).toBe(false);
});
