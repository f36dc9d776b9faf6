import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { OwnerPeerEvaluation } from "#shared/schemas/peer-evaluation.ts";
import { PeerEvaluationSection } from "./peer-evaluation-section.tsx";

const { answer } = stubFetch();

const URL = "/api/milestones/9/peer-evaluation";

const NOT_OPEN: OwnerPeerEvaluation = {
  milestone: { id: 9, projectId: 4, title: "Prototype" },
  evaluation: null,
  teams: [],
};

const OPEN: OwnerPeerEvaluation = {
  milestone: NOT_OPEN.milestone,
  evaluation: {
    closesAt: "2099-03-02T17:00:00.000Z",
    showFactor: true,
    releasedAt: null,
    openedAt: "2026-12-01T09:00:00.000Z",
  },
  teams: [
    {
      id: 1,
      name: "Team Ada",
      score: null,
      flags: [{ kind: "conflict", message: "Ratings in this team disagree strongly." }],
      members: [
        {
          id: 11,
          name: "Ana Lima",
          received: 3.5,
          receivedByDimension: {},
          raters: 1,
          self: 5,
          factor: 0.9468,
          factorReason: null,
          flags: [{ kind: "overconfident", message: "Rated themself 5.0; the team rates them 3.5." }],
          individualScore: null,
          override: null,
        },
        {
          id: 12,
          name: "Ben Okafor",
          received: 4.2,
          receivedByDimension: {},
          raters: 1,
          self: 4,
          factor: 1.0532,
          factorReason: null,
          flags: [],
          individualScore: null,
          override: null,
        },
      ],
      comments: [
        {
          rater: { id: 12, name: "Ben Okafor" },
          ratee: { id: 11, name: "Ana Lima" },
          comment: "Ana never came, useless",
          editedComment: null,
        },
      ],
    },
  ],
};

const renderSection = () => renderWithQueries(<PeerEvaluationSection milestoneId={9} />);

describe("the owner's peer evaluation section", () => {
  it("opens the evaluation with a close date and the factor shown to students", async () => {
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(NOT_OPEN),
      [`POST ${URL}`]: () => Response.json(OPEN),
    });
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Open peer evaluation" }));
    const dialog = screen.getByRole("dialog", { name: "Open peer evaluation" });
    const closes = within(dialog).getByLabelText("Closes on (date and time)");
    await userEvent.clear(closes);
    await userEvent.type(closes, "2099-03-02T18:00");
    await userEvent.click(within(dialog).getByLabelText("Show each student their own factor"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Open peer evaluation" }));
    await screen.findByRole("heading", { name: "Team Ada" });
    expect(sent[`POST ${URL}`]).toEqual([
      { closesAt: new Date("2099-03-02T18:00").toISOString(), showFactor: true },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText(/Closes on/)).toBeTruthy();
  });

  it("shows each member's figures, flags in words and no individual score before the team's is known", async () => {
    answer({ [`GET ${URL}`]: () => Response.json(OPEN) });
    renderSection();
    const table = await screen.findByRole("table", { name: "Ratings, factors and scores in Team Ada" });
    const ana = within(table).getByRole("row", { name: /Ana Lima/ });
    expect(
      within(ana)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "5.0",
      "3.5",
      "1",
      "0.95",
      "OverconfidentRated themself 5.0; the team rates them 3.5.",
      "—",
      "Override",
    ]);
    expect(screen.getByText("Conflict")).toBeTruthy();
    expect(screen.getByText("Ratings in this team disagree strongly.")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Ratings in Team Ada" }).tabIndex).toBe(0);
  });

  it("asks for a reason before overriding a score, then sends the score and the reason", async () => {
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(OPEN),
      [`PUT ${URL}/overrides/11`]: (body) =>
        Response.json({
          ...OPEN,
          teams: [
            {
              ...OPEN.teams[0],
              members: OPEN.teams[0]?.members.map((member) =>
                member.id === 11
                  ? {
                      ...member,
                      override: {
                        ...(body as { score: number; reason: string }),
                        at: "2026-12-05T10:00:00.000Z",
                      },
                    }
                  : member,
              ),
            },
          ],
        }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Override Ana Lima's score" }));
    const dialog = screen.getByRole("dialog", { name: "Override Ana Lima's score" });
    await userEvent.type(within(dialog).getByLabelText("Score (0 to 100)"), "82");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save score" }));
    expect(within(dialog).getByText("Reason is required")).toBeTruthy();
    expect(sent[`PUT ${URL}/overrides/11`]).toBeUndefined();
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Was ill for two weeks");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save score" }));
    await screen.findByText("82.0: Was ill for two weeks");
    expect(sent[`PUT ${URL}/overrides/11`]).toEqual([{ score: 82, reason: "Was ill for two weeks" }]);
  });

  it("edits a comment's wording and releases the comments after confirming", async () => {
    const edited = {
      ...OPEN,
      teams: [
        {
          ...OPEN.teams[0],
          comments: OPEN.teams[0]?.comments.map((comment) => ({
            ...comment,
            editedComment: "Please come to the meetings.",
          })),
        },
      ],
    } as OwnerPeerEvaluation;
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(OPEN),
      [`PUT ${URL}/comment`]: () => Response.json(edited),
      [`POST ${URL}/release`]: () =>
        Response.json({
          ...edited,
          evaluation: { ...edited.evaluation, releasedAt: "2026-12-06T10:00:00.000Z" },
        }),
    });
    renderSection();
    await userEvent.click(
      await screen.findByRole("button", { name: "Edit Ben Okafor's comment to Ana Lima" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Edit Ben Okafor's comment to Ana Lima" });
    const text = within(dialog).getByLabelText("Comment");
    expect((text as HTMLTextAreaElement).value).toBe("Ana never came, useless");
    await userEvent.clear(text);
    await userEvent.type(text, "Please come to the meetings.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save comment" }));
    await screen.findByText("Edited");
    expect(sent[`PUT ${URL}/comment`]).toEqual([
      { raterId: 12, rateeId: 11, comment: "Please come to the meetings." },
    ]);
    expect(screen.getByText("Written: Ana never came, useless")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Release comments" }));
    const confirm = screen.getByRole("dialog", { name: "Release comments?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Release comments" }));
    await screen.findByText(/Comments released:/);
    expect(sent[`POST ${URL}/release`]).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Release comments" })).toBeNull();
  });
  it("shows individual scores once the team's work is scored, and removes an override", async () => {
    const team = OPEN.teams[0];
    if (!team) throw new Error("a team expected");
    const scored: OwnerPeerEvaluation = {
      ...OPEN,
      teams: [
        {
          ...team,
          score: 80,
          members: team.members.map((member) =>
            member.id === 11
              ? {
                  ...member,
                  individualScore: 75.7,
                  override: { score: 90, reason: "Led the build", at: "2026-12-05T10:00:00.000Z" },
                }
              : { ...member, individualScore: 84.3 },
          ),
        },
      ],
    };
    const sent = answer({
      [`GET ${URL}`]: () => Response.json(scored),
      [`DELETE ${URL}/overrides/11`]: () =>
        Response.json({
          ...scored,
          teams: scored.teams.map((item) => ({
            ...item,
            members: item.members.map((member) => ({ ...member, override: null })),
          })),
        }),
    });
    renderSection();
    expect(await screen.findByText("Team score: 80.0")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Ratings, factors and scores in Team Ada" });
    const cells = (name: RegExp) =>
      within(within(table).getByRole("row", { name }))
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(/Ana Lima/).slice(5)).toEqual(["75.7", "90.0: Led the buildChange or remove"]);
    expect(cells(/Ben Okafor/).slice(5)).toEqual(["84.3", "Override"]);
    await userEvent.click(screen.getByRole("button", { name: "Change or remove Ana Lima's score" }));
    const dialog = screen.getByRole("dialog", { name: "Override Ana Lima's score" });
    expect((within(dialog).getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("Led the build");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove override" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent[`DELETE ${URL}/overrides/11`]).toHaveLength(1);
    expect(cells(/Ana Lima/).slice(5)).toEqual(["75.7", "Override"]);
  });
});
