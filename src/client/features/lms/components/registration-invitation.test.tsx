import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "#client/lib/utils.ts";
import { RegistrationInvitation } from "./registration-invitation.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RegistrationInvitation />
    </QueryClientProvider>,
  );
}

const URL_ONCE = "https://pbl.uni.test/lti/register?invitation=abcDEF123_-";
const EXPIRES = "2026-09-08T09:00:00.000Z";

describe("the dynamic registration card", () => {
  it("makes a registration link for an institution and shows it to copy, with when it expires", async () => {
    renderCard();
    expect(screen.getByRole("heading", { name: "Dynamic registration" })).toBeTruthy();
    expect(
      screen.getByText(
        "Give this link to your LMS administrator; it registers Pivot & Launch once, within 7 days.",
      ),
    ).toBeTruthy();

    fetchMock.mockResolvedValueOnce(Response.json({ url: URL_ONCE, expiresAt: EXPIRES }, { status: 201 }));
    await userEvent.type(screen.getByLabelText("Institution"), "North College");
    await userEvent.click(screen.getByRole("button", { name: "Create registration link" }));

    const link = await screen.findByLabelText<HTMLInputElement>("Registration link");
    expect(link.value).toBe(URL_ONCE);
    expect(link.readOnly).toBe(true);
    expect(screen.getByRole("button", { name: "Copy Registration link" })).toBeTruthy();
    expect(screen.getByText(`For North College. Expires ${formatDateTime(EXPIRES)}.`)).toBeTruthy();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/lti/registration-invitations");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ institution: "North College" });
  });

  it("asks for the institution before sending anything", async () => {
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Create registration link" }));
    expect(screen.getByText("Institution is required")).toBeTruthy();
    expect(screen.getByLabelText("Institution").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    renderCard();
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { code: "FORBIDDEN", message: "You do not have permission to do this." },
        { status: 403 },
      ),
    );
    await userEvent.type(screen.getByLabelText("Institution"), "North College");
    await userEvent.click(screen.getByRole("button", { name: "Create registration link" }));
    expect(await screen.findByText("You do not have permission to do this.")).toBeTruthy();
    expect(screen.queryByLabelText("Registration link")).toBeNull();
  });
});
