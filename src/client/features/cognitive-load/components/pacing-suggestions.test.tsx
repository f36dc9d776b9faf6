import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type {
  PacingSuggestions as Answer,
  AppliedPacingAction,
} from "#shared/schemas/cognitive-load-pacing.ts";
import { PacingSuggestions } from "./pacing-suggestions.tsx";

const { answer } = stubFetch();
const GET = "GET /api/projects/7/pacing-suggestions?timeframe=30d&context=all&origin=students";

const appliedReview: AppliedPacingAction = {
  id: 31,
  interventionId: "sequencing",
  kind: "review-session",
  stage: "pivot",
  targetId: 90,
  targetLabel: "Pivot review session before Prototype",
  appliedAt: "2026-09-01T09:00:00.000Z",
  appliedBy: 1,
  before: { mentalEffort: 8, intrinsicLoad: 7, extraneousLoad: 3 },
  beforeResponses: 3,
  effect: {
    before: { responses: 3, means: { mentalEffort: 8, intrinsicLoad: 7, extraneousLoad: 3 }, notice: null },
    after: { responses: 1, means: null, notice: "Not enough check-ins yet (1 of 3)" },
  },
};

const suggestions = (overrides: Partial<Answer> = {}): Answer => ({
  projectId: 7,
  suggestionsOn: true,
  pressures: [
    {
      stage: "launch",
      responses: 4,
      reasons: ["effort"],
      text: "Launch check-ins (4) show mean mental effort 8.0.",
    },
  ],
  interventions: [
    {
      id: "sequencing",
      title: "Break tasks into smaller steps",
      action: "Split the task into steps.",
      why: "Mean mental effort is 8.0 on the 1-9 scale.",
      actions: [
        {
          kind: "split-deliverable",
          stage: "launch",
          label: "Split a deliverable of Concept map",
          why: "Launch check-ins (4) show mean mental effort 8.0; Concept map, due 2026-09-06, asks for 2 deliverables.",
          targetId: 12,
          href: "/projects/7?milestone=12",
          appliedId: null,
        },
        {
          kind: "review-session",
          stage: "pivot",
          label: "Schedule a pivot review session before Prototype",
          why: "A session due 2026-09-09 would review Recursion.",
          targetId: 13,
          href: null,
          appliedId: null,
        },
      ],
    },
  ],
  applied: [],
  ...overrides,
});

const render = () =>
  renderWithQueries(
    <PacingSuggestions projectId={7} query={{ timeframe: "30d", context: "all", origin: "students" }} />,
  );

describe("the pacing actions of a project's interventions", () => {
  it("links each action to its screen, marks it applied, and schedules the review session in one click", async () => {
    let current = suggestions();
    const sent = answer({
      [GET]: () => Response.json(current),
      "POST /api/projects/7/pacing-actions": () => {
        current = suggestions();
        return Response.json({ ...appliedReview, id: 32, kind: "split-deliverable" }, { status: 201 });
      },
      "POST /api/projects/7/pacing-actions/review-session": () => {
        current = suggestions({ applied: [appliedReview] });
        const [intervention] = current.interventions;
        if (intervention?.actions[1]) intervention.actions[1].appliedId = 31;
        return Response.json(
          {
            milestone: {
              id: 90,
              title: "Pivot review session",
              dueAt: "2026-09-09T17:00:00.000Z",
              deliverables: [],
            },
            action: appliedReview,
          },
          { status: 201 },
        );
      },
    });
    render();
    const actions = await screen.findByRole("list", { name: "Actions for Break tasks into smaller steps" });
    expect(
      within(actions).getByRole("link", { name: "Split a deliverable of Concept map" }).getAttribute("href"),
    ).toBe("/projects/7?milestone=12");
    expect(within(actions).getByText(/Concept map, due 2026-09-06, asks for 2 deliverables/)).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Where the load is high" })).getByText(
        "Launch check-ins (4) show mean mental effort 8.0.",
      ),
    ).toBeTruthy();

    await userEvent.click(
      screen.getByRole("button", { name: "Mark as applied: Split a deliverable of Concept map" }),
    );
    expect(sent["POST /api/projects/7/pacing-actions"]).toEqual([
      { interventionId: "sequencing", kind: "split-deliverable", stage: "launch", targetId: 12 },
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Schedule it" }));
    expect(sent["POST /api/projects/7/pacing-actions/review-session"]).toEqual([
      { interventionId: "sequencing", stage: "pivot" },
    ]);
    const applied = await screen.findByRole("list", { name: "Applied actions" });
    expect(
      within(applied).getByText("Pivot review session scheduled: Pivot review session before Prototype"),
    ).toBeTruthy();
    expect(within(applied).getByText("Mental effort: 8.0")).toBeTruthy();
    expect(within(applied).getByText("Not enough check-ins yet (1 of 3)")).toBeTruthy();
    expect(within(actions).getByText("Applied")).toBeTruthy();
  });

  it("undoes an applied action", async () => {
    let current = suggestions({ applied: [appliedReview] });
    const sent = answer({
      [GET]: () => Response.json(current),
      "DELETE /api/projects/7/pacing-actions/31": () => {
        current = suggestions();
        return new Response(null, { status: 204 });
      },
    });
    render();
    await userEvent.click(
      await screen.findByRole("button", {
        name: "Undo: Pivot review session scheduled: Pivot review session before Prototype",
      }),
    );
    expect(sent["DELETE /api/projects/7/pacing-actions/31"]).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Schedule it" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Applied actions" })).toBeNull();
  });

  it("shows the advice without actions while suggestions are off, and turns them on", async () => {
    let current = suggestions({
      suggestionsOn: false,
      interventions: suggestions().interventions.map((i) => ({ ...i, actions: [] })),
    });
    const sent = answer({
      [GET]: () => Response.json(current),
      "PATCH /api/projects/7/pacing": () => {
        current = suggestions();
        return Response.json({});
      },
    });
    render();
    expect(await screen.findByText("Suggestions are off for this project.")).toBeTruthy();
    expect(screen.getByText("Split the task into steps.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Mark as applied/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Turn suggestions on" }));
    expect(sent["PATCH /api/projects/7/pacing"]).toEqual([{ suggestions: true }]);
    expect(await screen.findByRole("button", { name: "Schedule it" })).toBeTruthy();
  });

  it("turns suggestions off for the project, leaving the advice", async () => {
    let current = suggestions();
    const sent = answer({
      [GET]: () => Response.json(current),
      "PATCH /api/projects/7/pacing": () => {
        current = suggestions({
          suggestionsOn: false,
          interventions: suggestions().interventions.map((i) => ({ ...i, actions: [] })),
        });
        return Response.json({});
      },
    });
    render();
    await userEvent.click(
      await screen.findByRole("button", { name: "Turn suggestions off for this project" }),
    );
    expect(sent["PATCH /api/projects/7/pacing"]).toEqual([{ suggestions: false }]);
    expect(await screen.findByText("Suggestions are off for this project.")).toBeTruthy();
    expect(screen.getByText("Split the task into steps.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Schedule it" })).toBeNull();
  });
});

describe("a project slice with too few responses for figures", () => {
  it("says so instead of the interventions, and still lists the applied actions and their effect", async () => {
    answer({
      [GET]: () => Response.json(suggestions({ interventions: [], pressures: [], applied: [appliedReview] })),
    });
    renderWithQueries(
      <PacingSuggestions
        projectId={7}
        query={{ timeframe: "30d", context: "all", origin: "students" }}
        notice="Not enough responses yet (2 of 3)"
      />,
    );
    expect(await screen.findByText("Not enough responses yet (2 of 3)")).toBeTruthy();
    expect(screen.queryByText(/Nothing calls for an intervention/)).toBeNull();
    const applied = screen.getByRole("list", { name: "Applied actions" });
    expect(applied.textContent).toContain("Pivot review session before Prototype");
    expect(applied.textContent).toContain("Not enough check-ins yet (1 of 3)");
  });
});
