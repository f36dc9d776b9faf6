import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router, useLocation } from "wouter";
import { SessionProvider } from "#client/lib/session.tsx";
import { PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES } from "#shared/account.ts";
import { ResetPasswordPage } from "./reset-password-page.tsx";
import { SignInPage } from "./sign-in-page.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith("/api/auth/sso/providers")
      ? Response.json({ providers: [] })
      : new Response(null, { status: 204 }),
  );
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** /reset-password as the app shows it, and the sign-in screen once it leaves for "/". */
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
  return location === "/reset-password" ? <ResetPasswordPage /> : <SignInPage />;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirmations = () =>
  fetchMock.mock.calls.filter(([url]) => url === "/api/auth/password-reset/confirm");

describe("/reset-password", () => {
  it("takes the token out of the address at once and sends it with the new password", async () => {
    renderAt("/reset-password?token=the-token");
    expect(window.location.search).toBe("");
    fill("New password", "a new passphrase");
    fill("Type the new password again", "a new passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.changed)).toBeTruthy();
    expect(window.location.pathname).toBe("/");
    expect(confirmations().map(([, init]) => init?.body)).toEqual([
      JSON.stringify({ token: "the-token", password: "a new passphrase" }),
    ]);
  });

  it("checks the password as registration does and that both copies match, sending nothing", async () => {
    renderAt("/reset-password?token=the-token");
    fill("New password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(PASSWORD_MESSAGES.short)).toBeTruthy();
    fill("New password", "a new passphrase");
    fill("Type the new password again", "another passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.mismatch)).toBeTruthy();
    expect(confirmations()).toEqual([]);
  });

  it("shows the server's refusal of a used or expired link", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(
        { code: "INVALID_RESET_LINK", message: PASSWORD_RESET_MESSAGES.invalidLink },
        { status: 400 },
      ),
    );
    renderAt("/reset-password?token=used");
    fill("New password", "a new passphrase");
    fill("Type the new password again", "a new passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.invalidLink)).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/reset-password"));
  });

  it("says the link does not work when the address has no token", () => {
    renderAt("/reset-password");
    expect(screen.getByText(PASSWORD_RESET_MESSAGES.invalidLink)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Change password" })).toBeNull();
  });
});
