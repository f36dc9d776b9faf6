import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MailMessage } from "#shared/schemas/mail.ts";
import { AdminMailPage } from "./admin-mail-page.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RESET_LINK = "https://pbl.uni.test/reset-password?token=abc";
const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  id: 1,
  kind: "password-reset",
  to: "ada@uni.test",
  subject: "Reset your password",
  status: "outbox",
  attempts: 0,
  lastError: null,
  createdAt: "2026-09-01T09:00:00.000Z",
  sentAt: null,
  links: [RESET_LINK],
  textBody: "Open the link to choose a new password.",
  ...overrides,
});

/** Answers the page's two calls: the mail server's status and a page of messages. */
function serve(
  server: { configured: boolean; from: string | null },
  messages: MailMessage[],
  total = messages.length,
) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith("/api/admin/mail/status")) return Response.json(server);
    return Response.json(messages, { headers: { "X-Total-Count": String(total) } });
  });
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminMailPage />
    </QueryClientProvider>,
  );

describe("Administration → Mail", () => {
  it("explains that messages stay here without a mail server, and how to configure one", async () => {
    serve({ configured: false, from: null }, []);
    renderPage();
    expect(await screen.findByText("No mail server is configured")).toBeTruthy();
    expect(screen.getAllByText("SMTP_URL").length).toBeGreaterThan(0);
    expect(screen.getByText("MAIL_FROM")).toBeTruthy();
    expect(await screen.findByText("No message has been written yet.")).toBeTruthy();
  });

  it("says who sends when a mail server is configured", async () => {
    serve({ configured: true, from: "Pivot & Launch <pbl@uni.test>" }, []);
    renderPage();
    expect(await screen.findByText("Pivot & Launch <pbl@uni.test>")).toBeTruthy();
    expect(screen.queryByText("No mail server is configured")).toBeNull();
  });

  it("lists each message and opens its text and links, with Copy", async () => {
    serve({ configured: false, from: null }, [
      message(),
      message({ id: 2, subject: "Your registration", kind: "registration-received", status: "bounced" }),
    ]);
    renderPage();
    const list = await screen.findByRole("list", { name: "Messages" });
    expect(within(list).getByText("Your registration")).toBeTruthy();
    expect(within(list).getByText("Bounced")).toBeTruthy();
    expect(within(list).getByText(/To ada@uni.test · password-reset/)).toBeTruthy();

    await userEvent.click(within(list).getByRole("button", { name: /Reset your password/ }));
    const dialog = await screen.findByRole("dialog", { name: "Reset your password" });
    expect(within(dialog).getByText("Open the link to choose a new password.")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: RESET_LINK }).getAttribute("href")).toBe(RESET_LINK);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await userEvent.click(within(dialog).getByRole("button", { name: `Copy ${RESET_LINK}` }));
    expect(writeText).toHaveBeenCalledWith(RESET_LINK);
  });

  it("asks for one status and pages through the list", async () => {
    serve({ configured: false, from: null }, [message()], 45);
    renderPage();
    await screen.findByRole("list", { name: "Messages" });
    await userEvent.selectOptions(screen.getByLabelText("Status"), "failed");
    await userEvent.click(await screen.findByRole("button", { name: "Next" }));
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain("/api/admin/mail?status=failed&limit=20&offset=0");
    expect(urls).toContain("/api/admin/mail?status=failed&limit=20&offset=20");
    expect(screen.getByText(/Page 2 of 3/)).toBeTruthy();
  });
});
