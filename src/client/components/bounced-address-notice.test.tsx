import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BouncedAddressNotice } from "./bounced-address-notice.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADDRESS = "ada@uni.test";
const BOUNCE = { reason: "550 5.1.1 No such user", bouncedAt: "2026-09-01T09:00:00.000Z" };

const renderNotice = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BouncedAddressNotice address={ADDRESS} />
    </QueryClientProvider>,
  );

describe("the bounced address notice", () => {
  it("says mail to the address bounced, and Try again clears the mark", async () => {
    let bounce: typeof BOUNCE | null = BOUNCE;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === "DELETE") {
        bounce = null;
        return new Response(null, { status: 204 });
      }
      return Response.json({ address: ADDRESS, bounce });
    });
    renderNotice();
    expect(
      await screen.findByText(
        "Mail to ada@uni.test could not be delivered (550 5.1.1 No such user, on Sep 1, 2026). Nothing more is sent to it.",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(screen.queryByText(/could not be delivered/)).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input) === "/api/mail/address-status" && init?.method === "DELETE",
      ),
    ).toBe(true);
  });

  it("shows nothing while mail to the address gets through", async () => {
    fetchMock.mockResolvedValue(Response.json({ address: ADDRESS, bounce: null }));
    const { container } = renderNotice();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });
});
