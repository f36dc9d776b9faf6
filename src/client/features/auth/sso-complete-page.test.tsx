import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router, useLocation } from "wouter";
import { SessionProvider } from "#client/lib/session.tsx";
import { SSO_MESSAGES, SSO_REFUSALS } from "#shared/sso.ts";
import { SignInPage } from "./sign-in-page.tsx";
import { SsoCompletePage } from "./sso-complete-page.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  // The sign-in page asks for the enabled options: none here.
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith("/api/auth/sso/providers")
      ? Response.json({ providers: [] })
      : Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 }),
  );
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** /sso/complete as the app shows it, and the sign-in screen once it leaves for "/". */
function renderAt(address: string) {
  window.history.replaceState(null, "", address);
  render(
    <SessionProvider>
      <Router>
        <Screen />
      </Router>
    </SessionProvider>,
  );
}
function Screen() {
  const [location] = useLocation();
  return location === "/sso/complete" ? <SsoCompletePage /> : <SignInPage />;
}

describe("/sso/complete", () => {
  it("takes the code out of the address at once, exchanges it and signs the person in", async () => {
    const faculty = { id: 7, email: "ada@uni.test", name: "Ada", role: "instructor", status: "approved" };
    fetchMock.mockResolvedValueOnce(Response.json({ sessionId: "session-1", faculty }));
    renderAt("/sso/complete?code=one-time-code");

    expect(window.location.search).toBe("");
    await waitFor(() => expect(localStorage.getItem("sessionId")).toBe("session-1"));
    expect(window.location.pathname).toBe("/");
    const exchanges = fetchMock.mock.calls.filter(([url]) => url === "/api/auth/sso/exchange");
    expect(exchanges.map(([, init]) => init?.body)).toEqual([JSON.stringify({ code: "one-time-code" })]);
  });

  it("shows a refusal on the sign-in screen, and an unknown reason as an answer that could not be verified", async () => {
    renderAt("/sso/complete?error=domain");
    expect(await screen.findByText(SSO_REFUSALS.domain)).toBeTruthy();
    expect(window.location.pathname).toBe("/");
    expect(window.location.search).toBe("");
    cleanup();

    renderAt("/sso/complete?error=something-else");
    expect(await screen.findByText(SSO_REFUSALS.invalid)).toBeTruthy();
  });

  it("shows a failed exchange's message on the sign-in screen", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ code: "SSO_CODE_EXPIRED", message: SSO_MESSAGES.codeExpired }, { status: 400 }),
    );
    renderAt("/sso/complete?code=used-code");
    expect(await screen.findByText(SSO_MESSAGES.codeExpired)).toBeTruthy();
    expect(localStorage.getItem("sessionId")).toBeNull();
  });
});
