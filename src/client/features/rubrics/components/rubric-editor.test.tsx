import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RubricDraft } from "../rubric-draft.ts";
import { RubricEditor } from "./rubric-editor.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft = (): RubricDraft => ({
  title: "Launch report",
  description: "",
  criteria: [
    { title: "Reasoning", weight: 1, levels: [{ title: "Exemplary", descriptor: "", points: 4 }] },
    {
      title: "Evidence",
      weight: 1,
      levels: [
        { title: "Exemplary", descriptor: "", points: 4 },
        { title: "Proficient", descriptor: "", points: 3 },
        { title: "Developing", descriptor: "", points: 2 },
      ],
    },
  ],
});

const renderEditor = (initial: RubricDraft) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RubricEditor initial={initial} onClose={() => {}} />
    </QueryClientProvider>,
  );

/** The message shown under an input, as its accessible description. */
const descriptionOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

describe("the rubric builder's messages", () => {
  it("shows a blank points cell's message at that cell, and focuses it, without calling the server", async () => {
    renderEditor(draft());
    const points = screen.getAllByLabelText("Points")[3] as HTMLInputElement;
    await userEvent.clear(points);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(points.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(points)).toBe('Criterion 2 ("Evidence"), level 3: points are required');
    expect(document.activeElement).toBe(points);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the weight's and the title's messages at their criterion", async () => {
    renderEditor(draft());
    const weight = screen.getAllByLabelText("Weight")[0] as HTMLInputElement;
    await userEvent.clear(weight);
    await userEvent.type(weight, "0");
    const title = screen.getAllByLabelText("Criterion")[1] as HTMLInputElement;
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(descriptionOf(weight)).toBe('Criterion 1 ("Reasoning"): the weight must be more than 0');
    expect(descriptionOf(title)).toBe("Criterion 2: a title is required");
  });

  it("asks for a criterion when the last one is removed", async () => {
    renderEditor({ ...draft(), criteria: [] });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert").textContent).toBe("Add at least one criterion");
  });

  it("shows the server's refusal at the cell it names", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          code: "VALIDATION_ERROR",
          message: 'Criterion 1 ("Reasoning"), level 1: the descriptor must be at most 2000 characters',
          details: [
            {
              field: "criteria.0.levels.0.descriptor",
              message: 'Criterion 1 ("Reasoning"), level 1: the descriptor must be at most 2000 characters',
            },
          ],
        },
        { status: 400 },
      ),
    );
    renderEditor(draft());
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const descriptor = screen.getAllByLabelText("Descriptor")[0] as HTMLTextAreaElement;
    await vi.waitFor(() => expect(descriptor.getAttribute("aria-invalid")).toBe("true"));
    expect(descriptionOf(descriptor)).toBe(
      'Criterion 1 ("Reasoning"), level 1: the descriptor must be at most 2000 characters',
    );
  });
});
