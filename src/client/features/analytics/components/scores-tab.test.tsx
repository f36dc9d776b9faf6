import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { AnalyticsProject } from "#shared/schemas/analytics.ts";
import type { MilestoneScores, ProjectScores } from "#shared/schemas/scores.ts";
import { ScoresTab } from "./scores-tab.tsx";

const { downloadBlob } = vi.hoisted(() => ({ downloadBlob: vi.fn() }));
vi.mock("#client/lib/download.ts", async (original) => ({
  ...(await original<typeof import("#client/lib/download.ts")>()),
  downloadBlob,
}));

const { fetchMock, answer } = stubFetch();
beforeEach(() => {
  downloadBlob.mockReset();
  localStorage.setItem("sessionId", "session-of-the-instructor");
});
afterEach(() => localStorage.clear());

const project = (id: number, title: string) => ({ id, title }) as AnalyticsProject;
const milestone = (id: number, title: string, overrides: Partial<MilestoneScores> = {}): MilestoneScores => ({
  id,
  title,
  stage: "launch",
  dueAt: "2026-10-01T17:00:00.000Z",
  rubricTitle: "Pitch rubric",
  maximum: 7,
  enrolled: 3,
  handedIn: 0,
  late: 0,
  scored: 0,
  released: false,
  mean: null,
  median: null,
  min: null,
  max: null,
  ...overrides,
});
const scoresOf = (
  id: number,
  title: string,
  milestones: MilestoneScores[],
  students: ProjectScores["students"],
): ProjectScores => ({ project: { id, title }, milestones, students });

const renderTab = (projects: AnalyticsProject[]) => renderWithQueries(<ScoresTab projects={projects} />);

describe("the Scores tab", () => {
  it("shows the picked project's milestones and students, then another project's on picking it", async () => {
    answer({
      "GET /api/projects/7/scores": () =>
        Response.json(
          scoresOf(
            7,
            "Solar Village",
            [
              milestone(1, "Pivot", {
                stage: "pivot",
                handedIn: 3,
                late: 1,
                scored: 2,
                released: true,
                mean: 66.7,
                median: 66.7,
                min: 33.3,
                max: 100,
              }),
              milestone(2, "Launch"),
            ],
            [
              { id: 11, name: "Ada Student", scores: [100, null] },
              { id: 12, name: "Ben Student", scores: [33.3, null] },
              { id: 13, name: "Cy Student", scores: [null, null] },
            ],
          ),
        ),
      "GET /api/projects/8/scores": () => Response.json(scoresOf(8, "Wind Farm", [], [])),
    });
    renderTab([project(7, "Solar Village"), project(8, "Wind Farm")]);

    const milestones = await screen.findByRole("table", { name: /Each milestone in due order/ });
    const [pivot, launch] = within(milestones).getAllByTestId("milestone-scores-row");
    expect(
      within(pivot as HTMLElement)
        .getByRole("link", { name: "Pivot" })
        .getAttribute("href"),
    ).toBe("/projects/7/milestones/1");
    expect(
      within(pivot as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["3 of 3", "1", "2", "66.7", "66.7", "33.3–100", "Released"]);
    expect(
      within(launch as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0 of 3", "0", "0", "—", "—", "—", "Not released"]);

    const students = screen.getByRole("table", { name: /Each student's final score per milestone/ });
    expect(
      within(students)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Student", "Pivot", "Launch"]);
    const ben = within(students).getByRole("row", { name: /Ben Student/ });
    expect(
      within(ben)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["33.3", "—"]);
    expect(screen.queryByText(/No final scores yet/)).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText("Project"), "Wind Farm");
    expect(await screen.findByText("No milestones yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Wind Farm" }).getAttribute("href")).toBe("/projects/8");
  });

  it("shows a project with nothing scored with its milestones and says how to score", async () => {
    answer({
      "GET /api/projects/7/scores": () =>
        Response.json(
          scoresOf(
            7,
            "Solar Village",
            [milestone(1, "Pivot", { handedIn: 1 })],
            [{ id: 11, name: "Ada Student", scores: [null] }],
          ),
        ),
    });
    renderTab([project(7, "Solar Village")]);
    expect(await screen.findByText(/No final scores yet: open a milestone below/)).toBeTruthy();
    const row = screen.getByRole("row", { name: /Ada Student/ });
    expect(within(row).getByRole("cell").textContent).toBe("—");
  });

  it("says where projects come from when there is none, and asks for nothing", () => {
    renderTab([]);
    expect(screen.getByText("No projects yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the Methodology Wizard" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("downloads the CSV through the typed client with the session, under the server's file name", async () => {
    answer({
      "GET /api/projects/7/scores": () => Response.json(scoresOf(7, "Solar Village", [], [])),
      "GET /api/projects/7/scores.csv": () =>
        new Response("Student\r\n", {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="Solar Village scores.csv"`,
          },
        }),
    });
    renderTab([project(7, "Solar Village")]);
    await userEvent.click(screen.getByRole("button", { name: "Project scores (.csv)" }));
    await vi.waitFor(() => expect(downloadBlob).toHaveBeenCalledTimes(1));
    expect(downloadBlob.mock.calls[0]?.[1]).toBe("Solar Village scores.csv");
    const csvCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith("scores.csv"));
    expect(new Headers(csvCall?.[1]?.headers).get("Authorization")).toBe("Bearer session-of-the-instructor");
  });
});
