import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Button } from "#client/components/ui/button.tsx";
import { IDENTITY_PROVIDER_MESSAGES } from "#shared/schemas/identity-providers.ts";
import { ProviderDialog } from "./provider-dialog.tsx";

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
      <ProviderDialog trigger={<Button>Add sign-in option</Button>} />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Add sign-in option" }));
  return screen.getByRole("dialog", { name: "Add sign-in option" });
}

const CERTIFICATE = "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ==\n-----END CERTIFICATE-----";

describe("the sign-in option dialog", () => {
  it("asks a SAML provider for its sign-on URL, entity ID and certificate, and sends them", async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText("Client ID")).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText("Kind"), "saml");
    expect(within(dialog).queryByLabelText("Client ID")).toBeNull();

    await userEvent.type(within(dialog).getByLabelText("Single sign-on URL"), "https://idp.uni.test/sso");
    await userEvent.type(
      within(dialog).getByLabelText("Identity provider entity ID"),
      "https://idp.uni.test",
    );
    await userEvent.click(within(dialog).getByLabelText("Signing certificate"));
    await userEvent.paste(CERTIFICATE);
    await userEvent.type(within(dialog).getByLabelText("Display name"), "University Login");
    await userEvent.type(within(dialog).getByLabelText("Institution"), "University of Testing");
    await userEvent.type(within(dialog).getByLabelText("E-mail domains"), "uni.test");
    // A role claim first typed brings eduPersonAffiliation's usual values.
    await userEvent.type(within(dialog).getByLabelText("Role claim"), "eduPersonAffiliation");
    expect(within(dialog).getByLabelText<HTMLInputElement>("Instructor values").value).toBe("faculty, staff");
    expect(within(dialog).getByLabelText<HTMLInputElement>("Student values").value).toBe("student");

    fetchMock.mockResolvedValueOnce(Response.json({ code: "X", message: "stop here" }, { status: 409 }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add sign-in option" }));
    expect(await within(dialog).findByText("stop here")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/identity-providers");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      kind: "saml",
      entryPoint: "https://idp.uni.test/sso",
      idpIssuer: "https://idp.uni.test",
      idpCertificate: CERTIFICATE,
      emailDomains: ["uni.test"],
      roleClaim: "eduPersonAffiliation",
      instructorValues: ["faculty", "staff"],
      studentValues: ["student"],
    });
  });

  it("shows the shared schema's messages by their fields and sends nothing", async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByLabelText(/Approve new accounts automatically/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add sign-in option" }));
    expect(within(dialog).getByText("Client ID is required")).toBeTruthy();
    expect(within(dialog).getByText(IDENTITY_PROVIDER_MESSAGES.domainsForAutoApprove)).toBeTruthy();
    expect(within(dialog).getByLabelText("Issuer")).toBe(document.activeElement);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
