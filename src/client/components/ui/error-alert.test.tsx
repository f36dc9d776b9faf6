import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "#client/lib/api-client.ts";
import { ErrorAlert } from "./error-alert.tsx";

afterEach(cleanup);

describe("ErrorAlert", () => {
  it("says the server's message at once, else the fallback, with the icon only when asked", () => {
    const refused = new ApiError(404, "Not Found", JSON.stringify({ message: "Project not found" }));
    const { container, rerender } = render(<ErrorAlert error={refused} fallback="Could not load." icon />);
    expect(screen.getByRole("alert").textContent).toBe("Project not found");
    expect(container.querySelector("svg[aria-hidden='true']")).not.toBeNull();

    rerender(<ErrorAlert error={new TypeError("Failed to fetch")} fallback="Could not load." />);
    expect(screen.getByRole("alert").textContent).toBe("Could not load.");
    expect(container.querySelector("svg")).toBeNull();
  });
});
