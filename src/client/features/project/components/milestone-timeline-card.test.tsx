import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { Milestone } from "#shared/schemas/milestones.ts";
import { MilestoneTimelineCard } from "./milestone-timeline-card.tsx";

const { fetchMock, answer } = stubFetch();

const DAY = 86_400_000;
const milestone = (
  id: number,
  title: string,
  dueInDays: number,
  overrides: Partial<Milestone> = {},
): Milestone => ({
  id,
  projectId: 7,
  title,
  stage: "launch",
  dueAt: new Date(Date.now() + dueInDays * DAY).toISOString(),
  description: "",
  deliverables: [],
  rubricId: null,
  teamSubmission: false,
  closedAt: null,
  feedbackReleasedAt: null,
  outsideRange: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...overrides,
});

const renderCard = () => renderWithQueries(<MilestoneTimelineCard projectId={7} />);

describe("the project's milestones timeline", () => {
  it("lists the milestones with their states, Today between the past and the future ones", async () => {
    let milestones = [
      milestone(1, "Concept check", -3, {
        stage: "pivot",
        closedAt: new Date().toISOString(),
        feedbackReleasedAt: new Date().toISOString(),
        deliverables: ["Concept map"],
      }),
      milestone(2, "Field work", 5, { outsideRange: true }),
      milestone(3, "Presentation", 20, { stage: "final" }),
    ];
    answer({
      "GET /api/projects/7/milestones": () => Response.json({ milestones }),
      "DELETE /api/milestones/2": () => {
        milestones = milestones.filter((item) => item.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    const list = await screen.findByRole("list", { name: "Milestones in due order" });
    const rows = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    expect(rows.map((row) => row.dataset.testid)).toEqual([
      "milestone-item",
      "today-marker",
      "milestone-item",
      "milestone-item",
    ]);
    expect(rows[0]?.textContent).toContain("Pivot");
    expect(rows[0]?.textContent).toContain("Closed");
    expect(rows[0]?.textContent).toContain("Feedback released");
    expect(rows[0]?.textContent).toContain("Concept map");
    expect(rows[2]?.textContent).toContain("Outside the project's timeline");
    expect(rows[3]?.textContent).toContain("Final");
    expect(screen.getByRole("link", { name: /Submissions\s*of Field work/ }).getAttribute("href")).toBe(
      "/projects/7/milestones/2",
    );

    await userEvent.click(screen.getByRole("button", { name: "Delete Field work" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete Milestone" }));
    await vi.waitFor(() => expect(screen.queryByText("Field work")).toBeNull());
  });

  it("puts Today last when every milestone is past, and says when there is none", async () => {
    answer({
      "GET /api/projects/7/milestones": () => Response.json({ milestones: [milestone(1, "Old", -2)] }),
    });
    renderCard();
    const list = await screen.findByRole("list", { name: "Milestones in due order" });
    expect(within(list).getAllByRole("listitem").at(-1)?.dataset.testid).toBe("today-marker");
    cleanup();
    answer({ "GET /api/projects/7/milestones": () => Response.json({ milestones: [] }) });
    renderCard();
    expect(await screen.findByText(/No milestones yet/)).toBeTruthy();
  });
  it("opens the milestone a link names (?milestone=:id), on its due date with &field=dueAt", async () => {
    answer({
      "GET /api/projects/7/milestones": () =>
        Response.json({ milestones: [milestone(2, "Field work", 5), milestone(3, "Presentation", 20)] }),
      "GET /api/rubrics": () => Response.json({ rubrics: [] }),
    });
    window.history.replaceState(null, "", "/projects/7?milestone=3&field=dueAt");
    try {
      renderCard();
      const dialog = await screen.findByRole("dialog", { name: "Edit Milestone" });
      expect(within(dialog).getByLabelText("Title")).toHaveProperty("value", "Presentation");
      await vi.waitFor(() => expect(document.activeElement?.id).toBe("milestone-due"));
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("creates a rubric from the milestone's deliverables in one step and chooses it", async () => {
    const saved = {
      id: 41,
      title: "Field work rubric",
      description: "",
      criteria: [],
      createdAt: "",
      updatedAt: "",
    };
    let rubrics: (typeof saved)[] = [];
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? "GET"} ${String(input)}`;
      if (init?.method === "POST") bodies.push(JSON.parse(String(init.body)));
      if (key === "GET /api/projects/7/milestones")
        return Response.json({ milestones: [milestone(2, "Field work", 5)] });
      if (key === "GET /api/rubrics") return Response.json({ rubrics });
      if (key === "POST /api/rubrics/from-deliverables")
        return Response.json({
          title: "Field work rubric",
          description: "",
          criteria: [
            {
              id: "d1",
              title: "Survey",
              weight: 1,
              levels: [{ title: "Done", descriptor: "Done.", points: 1 }],
            },
          ],
        });
      if (key === "POST /api/rubrics") {
        rubrics = [saved];
        return Response.json(saved, { status: 201 });
      }
      throw new Error(`unexpected call ${key}`);
    });
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Edit Field work" }));
    const create = await screen.findByRole("button", { name: "Create a rubric from the deliverables" });
    // Nothing to build it from until the milestone names a deliverable.
    expect(create).toHaveProperty("disabled", true);
    await userEvent.type(screen.getByLabelText("Deliverables (one a line)"), "Survey{Enter}Map");
    await userEvent.click(create);
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      expect.stringContaining('"Field work rubric" created and chosen'),
    );
    expect(bodies[0]).toEqual({ title: "Field work rubric", deliverables: ["Survey", "Map"] });
    expect(bodies[1]).toMatchObject({ title: "Field work rubric", criteria: [{ title: "Survey" }] });
    await vi.waitFor(() => expect((screen.getByLabelText("Rubric") as HTMLSelectElement).value).toBe("41"));
  });
});
