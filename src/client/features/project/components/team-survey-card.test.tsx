import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { OwnerTeamSurvey, TeamSurvey } from "#shared/schemas/teams.ts";
import { TeamSurveyCard } from "./team-survey-card.tsx";

const { answer } = stubFetch();

const URL = "/api/projects/7/team-survey";

const SURVEY: TeamSurvey = {
  projectId: 7,
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
      options: ["Leader", "Researcher"],
      scale: null,
      mode: "diverse",
      weight: 2,
    },
  ],
  availability: true,
  minSharedBlocks: 2,
  askUnderrepresented: false,
  openedAt: "2026-12-01T09:00:00.000Z",
  updatedAt: "2026-12-01T09:00:00.000Z",
};

const renderCard = () => renderWithQueries(<TeamSurveyCard projectId={7} />);

const off: OwnerTeamSurvey = { survey: null, answered: 0, enrolled: 2, waitingFor: [] };

describe("the owner's team survey card", () => {
  it("sets the survey up from the suggestions: one removed, one added, the rest kept as they were", async () => {
    let status = off;
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(status),
      [`POST ${URL}`]: () => {
        status = { ...off, survey: SURVEY };
        return Response.json(SURVEY);
      },
    });
    renderCard();
    expect(await screen.findByText(/so that teams can be formed from their answers/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Set up the team survey" }));
    const dialog = await screen.findByRole("dialog", { name: "Set up the team survey" });
    expect(
      within(dialog)
        .getAllByLabelText("Question")
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(["Prior knowledge of the pivot concepts", "Preferred role", "Skills"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove question 3: Skills" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add a question" }));
    const added = within(dialog).getByRole("group", { name: "Question 3" });
    expect(document.activeElement).toBe(within(added).getByLabelText("Question"));
    await userEvent.keyboard("Time zone");
    await userEvent.selectOptions(within(added).getByLabelText("Answered by"), "One choice");
    await userEvent.type(within(added).getByLabelText("Options (one a line)"), "Europe{Enter}Americas");
    await userEvent.click(within(added).getByLabelText("Group similar answers"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Switch the survey on" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent[`POST ${URL}`]).toEqual([
      {
        criteria: [
          {
            title: "Prior knowledge of the pivot concepts",
            kind: "scale",
            options: [],
            scale: { min: 1, max: 5 },
            mode: "similar",
            weight: 3,
          },
          {
            title: "Preferred role",
            kind: "choice",
            options: ["Leader", "Researcher", "Builder", "Presenter", "Organiser"],
            mode: "diverse",
            weight: 2,
          },
          { title: "Time zone", kind: "choice", options: ["Europe", "Americas"], mode: "similar", weight: 1 },
        ],
        availability: true,
        minSharedBlocks: 2,
        askUnderrepresented: false,
      },
    ]);
    expect(await screen.findByText("0 of 2 students answered")).toBeTruthy();
  });

  it("names what it finds wrong before sending, and shows the server's refusal at the question's field", async () => {
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(off),
      [`POST ${URL}`]: () =>
        Response.json(
          {
            code: "VALIDATION_ERROR",
            message: '"Preferred role" lists an option twice',
            details: [{ field: "criteria.1.options", message: '"Preferred role" lists an option twice' }],
          },
          { status: 400 },
        ),
    });
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Set up the team survey" }));
    const dialog = await screen.findByRole("dialog");
    const first = within(dialog).getByRole("group", { name: "Question 1" });
    await userEvent.clear(within(first).getByLabelText("Question"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Switch the survey on" }));
    expect(within(first).getByText("A question is required")).toBeTruthy();
    expect(within(first).getByLabelText("Question").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(within(first).getByLabelText("Question"));
    expect(sent[`POST ${URL}`]).toBeUndefined();

    await userEvent.type(within(first).getByLabelText("Question"), "Prior knowledge");
    await userEvent.click(within(dialog).getByRole("button", { name: "Switch the survey on" }));
    const second = within(dialog).getByRole("group", { name: "Question 2" });
    const options = within(second).getByLabelText("Options (one a line)");
    expect(await within(second).findByText('"Preferred role" lists an option twice')).toBeTruthy();
    expect(options.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(options);
    expect(sent[`POST ${URL}`]).toHaveLength(1);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("when on: lists the questions, who answered and the first ten still to, and switches off once confirmed", async () => {
    const waitingFor = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      name: `Student ${index + 1}`,
    }));
    let status: OwnerTeamSurvey = { survey: SURVEY, answered: 3, enrolled: 15, waitingFor };
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(status),
      [`DELETE ${URL}`]: () => {
        status = off;
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    const questions = await screen.findByRole("list", { name: "Survey questions" });
    expect(
      within(questions)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Prior knowledge of the pivot concepts (scale 1 to 5; similar answers grouped, weight 3)",
      "Preferred role (one of Leader, Researcher; diverse answers grouped, weight 2)",
    ]);
    expect(screen.getByText(/a team needs 2 shared free blocks/)).toBeTruthy();
    expect(screen.getByText("3 of 15 students answered")).toBeTruthy();
    const still = screen.getByText(/^Still to answer:/).textContent ?? "";
    expect(still).toContain("Student 10 and 2 more.");
    expect(still).not.toContain("Student 11");

    await userEvent.click(screen.getByRole("button", { name: /^Switch off\s*the team survey$/ }));
    const confirm = await screen.findByRole("dialog", { name: "Switch off the team survey?" });
    expect(confirm.textContent).toContain("Their answers are deleted.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Switch off" }));
    expect(await screen.findByRole("button", { name: "Set up the team survey" })).toBeTruthy();
    expect(sent[`DELETE ${URL}`]).toHaveLength(1);
  });

  it("edits the saved survey, keeping its questions' ids", async () => {
    const sent = answer({
      [`GET ${URL}`]: () => Response.json({ survey: SURVEY, answered: 0, enrolled: 0, waitingFor: [] }),
      [`POST ${URL}`]: () => Response.json(SURVEY),
    });
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: /^Edit\s*the team survey$/ }));
    const dialog = await screen.findByRole("dialog", { name: /^Edit\s*the team survey$/ });
    const weight = within(within(dialog).getByRole("group", { name: "Question 2" })).getByLabelText(
      "Weight (0 to 5)",
    );
    await userEvent.clear(weight);
    await userEvent.type(weight, "4");
    await userEvent.click(within(dialog).getByLabelText(/Ask, optionally, whether a student belongs/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save the survey" }));
    await vi.waitFor(() => expect(sent[`POST ${URL}`]).toHaveLength(1));
    expect(sent[`POST ${URL}`]?.[0]).toMatchObject({
      criteria: [{ id: "q1" }, { id: "q2", weight: 4 }],
      askUnderrepresented: true,
    });
  });
});
