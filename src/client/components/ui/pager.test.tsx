import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Pager } from "./pager.tsx";

afterEach(cleanup);

const props = { label: "Project pages", pageSize: 20, noun: ["project", "projects"] as [string, string] };

describe("Pager", () => {
  it("with hideSinglePage shows nothing while every item fits one page", () => {
    const { container } = render(<Pager {...props} page={0} total={20} onPage={() => {}} hideSinglePage />);
    expect(container.innerHTML).toBe("");
  });

  it("with hideSinglePage shows from the second page on", () => {
    const onPage = vi.fn();
    render(<Pager {...props} page={0} total={21} onPage={onPage} hideSinglePage />);
    const nav = screen.getByRole("navigation", { name: "Project pages" });
    expect(nav.textContent).toContain("Page 1 of 2 · 21 projects");
    expect(screen.getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it("without the option it always shows, with the count (the conversion history)", () => {
    render(<Pager {...props} page={0} total={1} onPage={() => {}} />);
    expect(screen.getByRole("navigation", { name: "Project pages" }).textContent).toContain(
      "Page 1 of 1 · 1 project",
    );
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
  });
});
