import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { StudentTeamSurvey, TeamSurvey, TeamSurveyAnswer } from "#shared/schemas/teams.ts";
import { TeamSurveyCard } from "./team-survey-card.tsx";

const { fetchMock, answer } = stubFetch();

const URL = "/api/student/projects/4/team-survey";

const SURVEY: TeamSurvey = {
  projectId: 4,
  criteria: [
    {
      id: "q1",
      title: "Prior knowledge of the pivot concepts",
      kind: "scale",
      options: [],
      scale: { min: 1, max: 5 },
      mode: "similar",
      weight: 3,
    },
    {
      id: "q2",
      title: "Preferred role",
      kind: "choice",
      options: ["Leader", "Researcher", "Presenter"],
      scale: null,
      mode: "diverse",
      weight: 2,
    },
    {
      id: "q3",
      title: "Skills",
      kind: "multi",
      options: ["Statistics", "Writing", "Design"],
      scale: null,
      mode: "diverse",
      weight: 1,
    },
  ],
  availability: true,
  minSharedBlocks: 2,
  askUnderrepresented: true,
  openedAt: "2026-12-01T09:00:00.000Z",
  updatedAt: "2026-12-01T09:00:00.000Z",
};

const renderCard = () => renderWithQueries(<TeamSurveyCard projectId={4} />);

describe("the student's team survey card", () => {
  it("shows nothing while the survey is off", async () => {
    answer({ [`GET ${URL}`]: () => Response.json({ survey: null, answer: null }) });
    const { container } = renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe("");
  });

  it("sends the answers, the free blocks in order and the under-representation answer, then says they are saved", async () => {
    const sent = answer({
      [`GET ${URL}`]: () => Response.json({ survey: SURVEY, answer: null } satisfies StudentTeamSurvey),
      [`PUT ${URL}`]: (body) =>
        Response.json({
          ...(body as Omit<TeamSurveyAnswer, "answeredAt">),
          answeredAt: "2026-12-03T10:00:00.000Z",
        }),
    });
    renderCard();
    await screen.findByRole("heading", { name: "Team survey" });
    expect(screen.getByText(/Answer what you can/)).toBeTruthy();
    const scale = screen.getByRole("group", { name: "Prior knowledge of the pivot concepts" });
    expect(
      within(scale)
        .getAllByRole("radio")
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(["1 lowest", "2 ", "3 ", "4 ", "5 highest"]);
    await userEvent.click(within(scale).getByRole("radio", { name: /^4/ }));
    await userEvent.click(screen.getByLabelText("Researcher"));
    await userEvent.click(screen.getByLabelText("Design"));
    await userEvent.click(screen.getByLabelText("Statistics"));

    const week = screen.getByRole("table", { name: "When are you usually free to meet your team?" });
    expect(
      within(week)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Day", "Morning", "Afternoon", "Evening"]);
    expect(within(week).getAllByRole("rowheader")).toHaveLength(7);
    expect(within(week).getAllByRole("checkbox")).toHaveLength(21);
    await userEvent.click(within(week).getByRole("checkbox", { name: "Sunday evening" }));
    await userEvent.click(within(week).getByRole("checkbox", { name: "Tuesday afternoon" }));
    await userEvent.click(screen.getByLabelText("Prefer not to say"));
    expect(screen.getByRole("status").textContent).toBe("");
    await userEvent.click(screen.getByRole("button", { name: "Save answers" }));

    expect(await screen.findByText("Answers saved")).toBeTruthy();
    expect(sent[`PUT ${URL}`]).toEqual([
      {
        answers: { q1: 4, q2: "Researcher", q3: ["Statistics", "Design"] },
        availability: [4, 20],
        underrepresented: null,
      },
    ]);
    expect(
      screen.getByText(/You answered on .*2026; you can change your answers until teams are formed\./),
    ).toBeTruthy();
  });

  it("starts from the saved answer, and checks it against the questions before sending", async () => {
    const saved: TeamSurveyAnswer = {
      answers: { q2: "Leader" },
      availability: [0, 1],
      underrepresented: true,
      answeredAt: "2026-12-02T10:00:00.000Z",
    };
    // An answer that no longer fits its question (the instructor dropped "Leader"): the check names
    // the question and nothing is sent.
    const stale: TeamSurvey = {
      ...SURVEY,
      criteria: SURVEY.criteria.map((criterion) =>
        criterion.id === "q2" ? { ...criterion, options: ["Researcher", "Presenter"] } : criterion,
      ),
    };
    const sent = answer({ [`GET ${URL}`]: () => Response.json({ survey: stale, answer: saved }) });
    renderCard();
    expect(await screen.findByText(/You answered on/)).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Monday morning" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Monday afternoon" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole("checkbox", { name: "Monday evening" }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByLabelText("Yes") as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Save answers" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      '"Preferred role": choose one of its options',
    );
    expect(sent[`PUT ${URL}`]).toBeUndefined();
  });

  it("shows the server's refusal", async () => {
    answer({
      [`GET ${URL}`]: () => Response.json({ survey: SURVEY, answer: null }),
      [`PUT ${URL}`]: () =>
        Response.json({ code: "NOT_FOUND", message: "No team survey for this project" }, { status: 404 }),
    });
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Save answers" }));
    expect((await screen.findByRole("alert")).textContent).toContain("No team survey for this project");
  });
});
