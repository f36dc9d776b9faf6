import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AssessmentRubric } from "#shared/schemas/submissions.ts";
import { ScoringPanel } from "./scoring-panel.tsx";

afterEach(cleanup);

const rubric: AssessmentRubric = {
  id: 1,
  title: "Pitch rubric",
  criteria: [
    {
      id: "evidence",
      title: "Evidence",
      weight: 2,
      levels: [
        { title: "Strong", descriptor: "Cited and weighed", points: 4 },
        { title: "Partial", descriptor: "Cited", points: 2 },
      ],
    },
    {
      id: "clarity",
      title: "Clarity",
      weight: 1,
      levels: [
        { title: "Clear", descriptor: "Reads at once", points: 3 },
        { title: "Unclear", descriptor: "Hard to follow", points: 1 },
      ],
    },
  ],
};

const panel = (onSave = vi.fn()) =>
  render(<ScoringPanel rubric={rubric} assessment={null} saving={false} error={null} onSave={onSave} />);

describe("ScoringPanel", () => {
  it("offers each criterion's levels as a radio group and shows the running score", () => {
    panel();
    expect(screen.getByText("Score: 0.0 / 100")).toBeTruthy();
    const evidence = screen.getByRole("group", { name: /Evidence/ });
    fireEvent.click(within(evidence).getByRole("radio", { name: /Partial/ }));
    // (2/4 × 2) / 3 = 33.3
    expect(screen.getByText("Score: 33.3 / 100")).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole("group", { name: /Clarity/ })).getByRole("radio", { name: /Clear/ }),
    );
    expect(screen.getByText("Score: 66.7 / 100")).toBeTruthy();
  });

  it("saves the chosen levels and comments as a draft or as final", () => {
    const onSave = vi.fn();
    panel(onSave);
    const evidence = screen.getByRole("group", { name: /Evidence/ });
    fireEvent.click(within(evidence).getByRole("radio", { name: /Strong/ }));
    fireEvent.change(screen.getByLabelText("Comment on Evidence"), { target: { value: "Well weighed" } });
    fireEvent.change(screen.getByLabelText("Overall comment"), { target: { value: "Good start" } });
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(onSave).toHaveBeenLastCalledWith({
      scores: [{ criterionId: "evidence", level: 0, comment: "Well weighed" }],
      overallComment: "Good start",
      status: "draft",
    });
    fireEvent.click(screen.getByRole("button", { name: "Save as final" }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ status: "final" }));
  });

  it("starts from a saved assessment", () => {
    render(
      <ScoringPanel
        rubric={rubric}
        assessment={{
          submissionId: 3,
          scores: [{ criterionId: "clarity", level: 1, comment: "Shorten it" }],
          overallComment: "",
          score: 100 / 9,
          status: "draft",
          assessedAt: "2026-09-01T09:00:00.000Z",
        }}
        saving={false}
        error={null}
        onSave={vi.fn()}
      />,
    );
    const clarity = screen.getByRole("group", { name: /Clarity/ });
    expect((within(clarity).getByRole("radio", { name: /Unclear/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Comment on Clarity") as HTMLTextAreaElement).value).toBe("Shorten it");
    expect(screen.getByText(/Saved as a draft/)).toBeTruthy();
  });
});
