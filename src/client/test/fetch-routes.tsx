import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * The API as a component test sees it: `fetch` stubbed before each test of the file (and the page
 * cleaned up after), each call answered by its method and path ("GET /api/projects/7/milestones")
 * from the routes given to `answer`; any other call fails the test. `answer` returns the JSON
 * bodies sent, by route, in order.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  const answer = (routes: Record<string, (body: unknown) => Response>) => {
    const sent: Record<string, unknown[]> = {};
    fetchMock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? "GET"} ${String(input)}`;
      const route = routes[key];
      if (!route) throw new Error(`unexpected call ${key}`);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent[key] = [...(sent[key] ?? []), body];
      return route(body);
    });
    return sent;
  };
  return { fetchMock, answer };
}

/** `ui` rendered with a fresh query client that does not retry. */
export const renderWithQueries = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );
