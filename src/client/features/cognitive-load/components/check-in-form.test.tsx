import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckInInput } from "#shared/schemas/cognitive-load.ts";
import { CheckInForm, LOAD_ITEMS, NO_NUMBER, UNANSWERED } from "./check-in-form.tsx";

const renderForm = (onSubmit: (input: CheckInInput) => Promise<boolean>) =>
  render(<CheckInForm idPrefix="t" submitLabel="Send Check-in" pending={false} onSubmit={onSubmit} />);

/** The radio button `value` of the question named `question`. */
const pick = async (question: string, value: number) => {
  const group = screen.getByRole("group", { name: question });
  const radio = [...group.querySelectorAll<HTMLInputElement>("input[type=radio]")].find(
    (input) => input.value === String(value),
  );
  if (!radio) throw new Error(`no option ${value} in "${question}"`);
  await userEvent.click(radio);
};

afterEach(cleanup);

describe("the check-in form", () => {
  it("refuses to send until every question is answered, asking for each one and focusing the first", async () => {
    const onSubmit = vi.fn(async () => true);
    renderForm(onSubmit);
    await pick("How much mental effort did this task take?", 4);
    await userEvent.click(screen.getByRole("button", { name: "Send Check-in" }));
    expect(onSubmit).not.toHaveBeenCalled();
    // 10 load items and technostress unanswered, 3 numbers blank; mental effort answered.
    expect(screen.getAllByText(UNANSWERED)).toHaveLength(11);
    expect(screen.getAllByText(NO_NUMBER)).toHaveLength(3);
    expect(screen.queryByText(/must be a whole number/)).toBeNull();
    const first = screen.getByRole("group", { name: LOAD_ITEMS.intrinsic[0] });
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(first.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole("alert").textContent).toMatch(/14 answers need attention/);
  });

  it("sends the answers with the API's names, each item in its list, then clears", async () => {
    const onSubmit = vi.fn(async (_input: CheckInInput) => true);
    renderForm(onSubmit);
    await userEvent.selectOptions(screen.getByLabelText("Which part of the course was this task?"), "launch");
    await pick("How much mental effort did this task take?", 9);
    for (const [index, text] of LOAD_ITEMS.intrinsic.entries()) await pick(text, index + 1);
    for (const [index, text] of LOAD_ITEMS.extraneous.entries()) await pick(text, 10 - index);
    for (const text of LOAD_ITEMS.germane) await pick(text, 0);
    await pick("How much did the digital tools of this task stress you?", 7);
    await userEvent.type(screen.getByLabelText("Interruptions during the task"), "3");
    await userEvent.type(screen.getByLabelText("Length of the task (minutes)"), "45");
    await userEvent.type(screen.getByLabelText("Minutes to refocus after one"), "2.5");
    await userEvent.click(screen.getByRole("button", { name: "Send Check-in" }));
    expect(onSubmit).toHaveBeenCalledWith({
      context: "launch",
      mentalEffort: 9,
      intrinsicItems: [1, 2, 3],
      extraneousItems: [10, 9, 8],
      germaneItems: [0, 0, 0, 0],
      technostress: 7,
      interruptions: 3,
      taskMinutes: 45,
      refocusMinutes: 2.5,
    });
    expect((screen.getByLabelText("Interruptions during the task") as HTMLInputElement).value).toBe("");
  });
});
