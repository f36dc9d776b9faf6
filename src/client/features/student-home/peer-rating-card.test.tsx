import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import { PEER_DIMENSIONS } from "#shared/domain/peer-dimensions.ts";
import type { StudentPeerEvaluation } from "#shared/schemas/peer-evaluation.ts";
import { PeerRatingCard } from "./peer-rating-card.tsx";

const { fetchMock, answer } = stubFetch();

const URL = "/api/student/milestones/9/peer-evaluation";

const OPEN: StudentPeerEvaluation = {
  milestone: { id: 9, projectId: 4, title: "Prototype" },
  evaluation: { closesAt: "2099-03-02T17:00:00.000Z", closed: false, released: false },
  people: [
    { id: 11, name: "Ana Lima", self: true },
    { id: 12, name: "Ben Okafor", self: false },
  ],
  given: [],
  comments: [],
  factor: null,
};

const renderCard = () => renderWithQueries(<PeerRatingCard milestoneId={9} />);

const personSection = (name: string) => screen.getByRole("region", { name });

async function rateAll(section: HTMLElement, level: number) {
  for (const dimension of PEER_DIMENSIONS) {
    const group = within(section).getByRole("group", { name: dimension.title });
    await userEvent.click(within(group).getByRole("radio", { name: String(level) }));
  }
}

describe("the student's peer rating card", () => {
  it("shows nothing while no evaluation is open", async () => {
    answer({ [`GET ${URL}`]: () => Response.json({ ...OPEN, evaluation: null, people: [] }) });
    const { container } = renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe("");
  });

  it("says why there is nothing to rate without a published team", async () => {
    answer({ [`GET ${URL}`]: () => Response.json({ ...OPEN, people: [] }) });
    renderCard();
    expect(
      await screen.findByText("You are not in a published team of this project, so there is no one to rate."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save ratings" })).toBeNull();
  });

  it("asks for every rating, then sends self first with the teammate's comment and says they are saved", async () => {
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(OPEN),
      [`PUT ${URL}`]: () => Response.json(OPEN),
    });
    renderCard();
    await screen.findByRole("heading", { name: "Rate your team" });
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "You",
      "Ben Okafor",
    ]);
    const you = personSection("You");
    const contributing = within(you).getByRole("group", { name: "Contributing to the team's work" });
    expect(within(contributing).getAllByRole("radio")).toHaveLength(5);
    expect(within(contributing).getByText(PEER_DIMENSIONS[0]?.anchors[3] ?? "")).toBeTruthy();
    expect(within(you).queryByRole("textbox")).toBeNull();
    expect(
      screen.getByText(
        "Your comment reaches Ben Okafor only after your instructor releases it, without your name.",
      ),
    ).toBeTruthy();

    await rateAll(you, 4);
    await userEvent.click(screen.getByRole("button", { name: "Save ratings" }));
    expect(screen.getByRole("alert").textContent).toBe(
      `Rate Ben Okafor on "Contributing to the team's work" before saving.`,
    );
    expect(sent[`PUT ${URL}`]).toBeUndefined();

    const ben = personSection("Ben Okafor");
    await rateAll(ben, 2);
    await userEvent.type(within(ben).getByLabelText("Comment for Ben Okafor (optional)"), "Come to meetings");
    await userEvent.click(screen.getByRole("button", { name: "Save ratings" }));
    await screen.findByText("Ratings saved");
    const all = (level: number) =>
      Object.fromEntries(PEER_DIMENSIONS.map((dimension) => [dimension.id, level]));
    expect(sent[`PUT ${URL}`]).toEqual([
      {
        ratings: [
          { rateeId: 11, ratings: all(4), comment: "" },
          { rateeId: 12, ratings: all(2), comment: "Come to meetings" },
        ],
      },
    ]);
  });

  it("is read-only once closed, with the ratings given and the close date", async () => {
    const ratings = Object.fromEntries(PEER_DIMENSIONS.map((dimension) => [dimension.id, 3]));
    answer({
      [`GET ${URL}`]: () =>
        Response.json({
          ...OPEN,
          evaluation: { closesAt: "2026-03-02T17:00:00.000Z", closed: true, released: false },
          given: [{ rateeId: 11, ratings, comment: "" }],
        } satisfies StudentPeerEvaluation),
    });
    renderCard();
    expect(await screen.findByText(/^Closed on/)).toBeTruthy();
    const contributing = within(personSection("You")).getByRole("group", {
      name: "Contributing to the team's work",
    });
    const three = within(contributing).getByRole("radio", { name: "3" }) as HTMLInputElement;
    expect(three.checked).toBe(true);
    expect(three.matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Save ratings" })).toBeNull();
  });

  it("shows the released comments and the student's own factor", async () => {
    answer({
      [`GET ${URL}`]: () =>
        Response.json({
          ...OPEN,
          evaluation: { closesAt: "2026-03-02T17:00:00.000Z", closed: true, released: true },
          comments: ["Please come to the meetings."],
          factor: 0.95,
        } satisfies StudentPeerEvaluation),
    });
    renderCard();
    expect(await screen.findByRole("heading", { name: "What your teammates wrote" })).toBeTruthy();
    expect(screen.getByText("Please come to the meetings.")).toBeTruthy();
    expect(screen.getByText("Your factor: 0.95")).toBeTruthy();
  });
});
