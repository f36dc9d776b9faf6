import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DataProviders } from "#client/app/data-providers.tsx";
import type { Faculty } from "#shared/schemas/auth.ts";
import { useAuth } from "./auth.tsx";
import { queryClient } from "./query-client.ts";
import { SessionProvider, useSession } from "./session.tsx";
import { readStoredSession, storeSession } from "./session-storage.ts";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const faculty: Faculty = {
  id: 7,
  name: "Ada Stored",
  email: "ada@example.edu",
  role: "instructor",
  status: "approved",
  title: "Professor",
  department: "Mathematics",
  institution: "Example State University",
  createdAt: "2026-01-01T00:00:00.000Z",
};
const stats = { activeProjects: 1, studentsEngaged: 2, completionRate: 50, avgRating: 4.5 };

/** As app.tsx: the session everywhere; the account (React Query) only once signed in. */
function Harness() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <p>signed out</p>;
  return (
    <DataProviders>
      <Account />
    </DataProviders>
  );
}

function Account() {
  const { faculty: current, isVerifying } = useAuth();
  return <p>{isVerifying ? "checking" : `signed in as ${current?.name}`}</p>;
}

function renderApp() {
  render(
    <SessionProvider>
      <Harness />
    </SessionProvider>,
  );
}

describe("the session (spec A §4) and the signed-in account", () => {
  // First: session.tsx starts its early check once per page load, and this file is one page load.
  it("checks the session restored at page load once, with the request started before the account code ran", async () => {
    storeSession({ sessionId: "s-1", faculty });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ faculty: { ...faculty, name: "Ada Server" }, stats }), { status: 200 }),
    );
    renderApp();
    expect(await screen.findByText("signed in as Ada Server")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/me");
    expect(readStoredSession()?.faculty.name).toBe("Ada Server");
  });

  it("signs out when the server refuses the restored session, and forgets every cached answer", async () => {
    storeSession({ sessionId: "s-2", faculty });
    queryClient.setQueryData(["/api/projects/faculty", 7], [{ id: 1 }]);
    fetchMock.mockResolvedValue(new Response('{"message":"Please sign in to continue."}', { status: 401 }));
    renderApp();
    expect(await screen.findByText("signed out")).toBeTruthy();
    expect(readStoredSession()).toBeNull();
    expect(queryClient.getQueryData(["/api/projects/faculty", 7])).toBeUndefined();
  });

  it("signs out when another tab does", async () => {
    storeSession({ sessionId: "s-3", faculty });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ faculty, stats }), { status: 200 }));
    renderApp();
    await screen.findByText("signed in as Ada Stored");
    localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
    await waitFor(() => expect(screen.getByText("signed out")).toBeTruthy());
  });
});
