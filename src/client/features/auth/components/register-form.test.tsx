import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PASSWORD_MESSAGES } from "#shared/account.ts";
import type { AuthMessage } from "./auth-message.ts";
import { RegisterForm } from "./register-form.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REQUIRED_MESSAGES = [
  "Name is required",
  "Please enter a valid email address",
  "Password is required",
  "Title is required",
  "Department is required",
  "Institution is required",
];

function renderForm() {
  const messages: (AuthMessage | null)[] = [];
  render(<RegisterForm onMessage={(message) => messages.push(message)} />);
  const submit = () => userEvent.click(screen.getByRole("button", { name: "Create Account" }));
  return { messages, submit };
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
  await userEvent.type(screen.getByLabelText("Email"), "  Ada@Example.EDU ");
  await userEvent.type(screen.getByLabelText("Password"), "analytical-engine-1843");
  await userEvent.type(screen.getByLabelText("Title"), "Professor");
  await userEvent.selectOptions(screen.getByLabelText("Role"), "student");
  await userEvent.type(screen.getByLabelText("Department"), "Mathematics");
  await userEvent.type(screen.getByLabelText("Institution"), "Example State University");
}

describe("the registration form (spec A §2, §5), validated with the shared schema loaded on first use", () => {
  it("checks nothing before the first submit, then shows the spec's messages and focuses the first field", async () => {
    const { submit } = renderForm();
    await userEvent.type(screen.getByLabelText("Email"), "not an address");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    await userEvent.clear(screen.getByLabelText("Email"));

    await submit();
    for (const message of REQUIRED_MESSAGES) expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText("Full Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Full Name").getAttribute("aria-describedby")).toBe("register-name-error");
    expect(document.activeElement).toBe(screen.getByLabelText("Full Name"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("after a submit, checks each field again as it changes and updates only its message", async () => {
    const { submit } = renderForm();
    await submit();
    await screen.findByText("Name is required");

    await userEvent.type(screen.getByLabelText("Full Name"), "A");
    await waitFor(() => expect(screen.queryByText("Name is required")).toBeNull());
    expect(screen.getByText("Title is required")).toBeTruthy();

    await userEvent.type(screen.getByLabelText("Password"), "short");
    expect(await screen.findByText(PASSWORD_MESSAGES.short)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText("Full Name"));
    expect(await screen.findByText("Name is required")).toBeTruthy();
  });

  it("sends what the schema made of the values, shows the server's message and starts over", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: "Registered." }), { status: 201 }));
    const { messages, submit } = renderForm();
    await fillValid();
    await submit();

    await waitFor(() => expect(messages.at(-1)).toEqual({ tone: "success", text: "Registered." }));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/register");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.edu",
      password: "analytical-engine-1843",
      title: "Professor",
      role: "student",
      department: "Mathematics",
      institution: "Example State University",
    });
    expect((screen.getByLabelText("Full Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Role") as HTMLSelectElement).value).toBe("instructor");

    // a new form: nothing is checked until the next submit
    await userEvent.type(screen.getByLabelText("Email"), "x");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: "Too many attempts. Please wait a minute and try again." }), {
        status: 429,
      }),
    );
    const { messages, submit } = renderForm();
    await fillValid();
    await submit();

    await waitFor(() =>
      expect(messages.at(-1)).toEqual({
        tone: "error",
        text: "Too many attempts. Please wait a minute and try again.",
      }),
    );
    expect((screen.getByLabelText("Full Name") as HTMLInputElement).value).toBe("Ada Lovelace");
    expect(screen.getByRole("button", { name: "Create Account" }).hasAttribute("disabled")).toBe(false);
  });
});
