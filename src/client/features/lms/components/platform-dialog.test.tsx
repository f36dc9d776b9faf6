import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Button } from "#client/components/ui/button.tsx";
import { LTI_MESSAGES } from "#shared/schemas/lti.ts";
import { PlatformDialog } from "./platform-dialog.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PlatformDialog trigger={<Button>Add platform</Button>} />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Add platform" }));
  return screen.getByRole("dialog", { name: "Add platform" });
}

describe("the LMS platform dialog", () => {
  it("shows the shared schema's messages by their fields, focuses the first, and sends nothing", async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Keyset URL"), "ftp://canvas.test/jwks");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add platform" }));
    expect(within(dialog).getByText("Issuer is required")).toBeTruthy();
    expect(within(dialog).getByText("Keyset URL must be an http:// or https:// address")).toBeTruthy();
    expect(within(dialog).getByText("Add at least one deployment ID")).toBeTruthy();
    expect(within(dialog).getByLabelText("Issuer")).toBe(document.activeElement);
    expect(within(dialog).getByLabelText("Issuer").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends one deployment ID per line and shows a platform already registered above the form", async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Issuer"), "https://canvas.instructure.com");
    await userEvent.type(within(dialog).getByLabelText("Client ID"), "10000000000042");
    await userEvent.type(
      within(dialog).getByLabelText("Authentication request URL"),
      "https://sso.canvaslms.com/api/lti/authorize_redirect",
    );
    await userEvent.type(
      within(dialog).getByLabelText("Access token URL"),
      "https://sso.canvaslms.com/login/oauth2/token",
    );
    await userEvent.type(
      within(dialog).getByLabelText("Keyset URL"),
      "https://sso.canvaslms.com/api/lti/security/jwks",
    );
    await userEvent.type(within(dialog).getByLabelText("Deployment IDs"), "1:abc{Enter}{Enter}  2:def  ");
    await userEvent.type(within(dialog).getByLabelText("Institution"), "Test University");

    fetchMock.mockResolvedValueOnce(
      Response.json({ code: "LTI_PLATFORM_TAKEN", message: LTI_MESSAGES.platformTaken }, { status: 409 }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Add platform" }));
    expect(await within(dialog).findByText(LTI_MESSAGES.platformTaken)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/lti/platforms");
    expect(JSON.parse(String(init?.body))).toEqual({
      issuer: "https://canvas.instructure.com",
      clientId: "10000000000042",
      authLoginUrl: "https://sso.canvaslms.com/api/lti/authorize_redirect",
      authTokenUrl: "https://sso.canvaslms.com/login/oauth2/token",
      keysetUrl: "https://sso.canvaslms.com/api/lti/security/jwks",
      deploymentIds: ["1:abc", "2:def"],
      institution: "Test University",
    });
  });

  it("shows a refusal of the server by its field", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        {
          code: "VALIDATION_ERROR",
          message: "Deployment ID must be at most 255 characters",
          details: [{ field: "deploymentIds.0", message: "Deployment ID must be at most 255 characters" }],
        },
        { status: 400 },
      ),
    );
    const dialog = await openDialog();
    for (const [label, value] of [
      ["Issuer", "https://moodle.uni.test"],
      ["Client ID", "abc"],
      ["Authentication request URL", "https://moodle.uni.test/mod/lti/auth.php"],
      ["Access token URL", "https://moodle.uni.test/mod/lti/token.php"],
      ["Keyset URL", "https://moodle.uni.test/mod/lti/certs.php"],
      ["Deployment IDs", "3"],
      ["Institution", "Moodle University"],
    ] as const) {
      await userEvent.type(within(dialog).getByLabelText(label), value);
    }
    await userEvent.click(within(dialog).getByRole("button", { name: "Add platform" }));
    expect(await within(dialog).findByText("Deployment ID must be at most 255 characters")).toBeTruthy();
    expect(within(dialog).getByLabelText("Deployment IDs")).toBe(document.activeElement);
  });
});
