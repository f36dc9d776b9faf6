import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { SchedulingFit } from "#shared/schemas/scheduling-fit.ts";
import { SchedulingCard } from "./scheduling-card.tsx";

const { fetchMock, answer } = stubFetch();

const fitState = (overrides: Partial<SchedulingFit> = {}): SchedulingFit => ({
  inUse: "defaults",
  fittedScheduling: true,
  fittedAt: null,
  reviews: 0,
  students: 0,
  heldOutReviews: 0,
  defaults: null,
  fitted: null,
  outcome: null,
  reason: null,
  attemptedAt: null,
  job: null,
  studentsWithOwnParameters: 0,
  data: { reviews: 420, students: 6, neededReviews: 1000, neededStudents: 10, enough: false },
  ...overrides,
});

const fitted = fitState({
  inUse: "fitted",
  fittedAt: "2026-11-30T09:00:00.000Z",
  reviews: 48000,
  students: 300,
  heldOutReviews: 9600,
  defaults: { logLoss: 0.4026, rmse: 0.0627 },
  fitted: { logLoss: 0.39, rmse: 0.0236 },
  outcome: "fitted",
  reason: "The fitted parameters predict 9,600 held-out reviews of 60 students better than the defaults.",
  attemptedAt: "2026-11-30T09:00:00.000Z",
  data: { reviews: 48000, students: 300, neededReviews: 1000, neededStudents: 10, enough: true },
});

describe("the project's Scheduling card", () => {
  it("keeps Fit now disabled with the reason while there is not enough data", async () => {
    answer({ "GET /api/projects/7/scheduling-fit": () => Response.json(fitState()) });
    renderWithQueries(<SchedulingCard projectId={7} />);
    expect(await screen.findByText("Default parameters.")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Fit now" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      screen.getByText(/A fit needs 1,000 reviews from 10 students;\s*there are 420 from 6\./),
    ).toBeTruthy();
  });

  it("shows the parameters in use, the figures and why, fits now and switches from the keyboard", async () => {
    let current = fitted;
    const sent = answer({
      "GET /api/projects/7/scheduling-fit": () => Response.json(current),
      "POST /api/projects/7/scheduling-fit": () => {
        current = { ...fitted, job: "queued" };
        return Response.json(current, { status: 202 });
      },
      "PATCH /api/projects/7/pacing": () => {
        current = { ...fitted, inUse: "switched-off", fittedScheduling: false };
        return Response.json({ fittedScheduling: false });
      },
    });
    renderWithQueries(<SchedulingCard projectId={7} />);
    expect(
      await screen.findByText(/Parameters fitted on .* from 48,000 reviews of 300 students\./),
    ).toBeTruthy();
    const table = screen.getByRole("table");
    expect(table.textContent).toContain("Defaults0.4030.063");
    expect(table.textContent).toContain("Fitted0.3900.024");
    expect(screen.getByText(fitted.reason as string)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Fit now" }));
    expect(await screen.findByText("A fit is queued.")).toBeTruthy();

    const toggle = screen.getByRole("checkbox", { name: "Use parameters fitted to this course" });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    toggle.focus();
    await user.keyboard(" ");
    expect(await screen.findByText("Default parameters: fitted parameters are switched off.")).toBeTruthy();
    expect(sent["PATCH /api/projects/7/pacing"]).toEqual([{ fittedScheduling: false }]);
    expect(fetchMock).toHaveBeenCalled();
  });
});
