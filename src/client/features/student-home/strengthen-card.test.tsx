import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { StudentReadiness } from "#shared/schemas/pacing.ts";
import { StrengthenCard } from "./strengthen-card.tsx";

const { answer } = stubFetch();

const launch = {
  date: "2027-02-01T09:00:00.000Z",
  milestone: { id: 3, title: "Launch: model the outbreak" },
};
const limits = { pivotCardId: 1, title: "Limits", recall: 0.93 };
const derivatives = { pivotCardId: 2, title: "Derivatives", recall: 0.48 };
const holdsBack: StudentReadiness = {
  launch,
  threshold: 0.8,
  waits: true,
  recall: [limits, derivatives],
  concepts: [derivatives],
  itemCount: 2,
};

const show = (readiness: StudentReadiness, onlyToStrengthen = false) => {
  answer({ "GET /api/student/projects/7/readiness": () => Response.json(readiness) });
  return renderWithQueries(<StrengthenCard projectId={7} onlyToStrengthen={onlyToStrengthen} />);
};

describe("the student's concepts at the launch", () => {
  it("lists every concept's recall, marks the ones to strengthen and links to their session", async () => {
    show(holdsBack);
    const card = await screen.findByRole("region", { name: "Strengthen these concepts first" });
    expect(card.textContent).toContain("Launch: model the outbreak opens for hand-in once they hold.");
    const items = within(card)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toEqual([
      "Limitspredicted recall 93 %",
      "Derivatives (to strengthen)predicted recall 48 %",
    ]);
    expect(
      within(card).getByRole("link", { name: "Practise these concepts (2 items)" }).getAttribute("href"),
    ).toBe("/student/practice?projectId=7&strengthen=1");
  });

  it("on the launch milestone, lists only the concepts to strengthen", async () => {
    show(holdsBack, true);
    const card = await screen.findByRole("region", { name: "Strengthen these concepts first" });
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Derivativespredicted recall 48 %"]);
  });

  it("says the student is ready when every concept holds, and shows nothing on the milestone", async () => {
    const ready = {
      ...holdsBack,
      waits: false,
      concepts: [],
      itemCount: 0,
      recall: [limits, { ...derivatives, recall: 0.9 }],
    };
    answer({ "GET /api/student/projects/7/readiness": () => Response.json(ready) });
    // Both read the same answer: once the project page's card shows, the milestone's has not.
    renderWithQueries(
      <>
        <StrengthenCard projectId={7} onlyToStrengthen />
        <StrengthenCard projectId={7} />
      </>,
    );
    const card = await screen.findByRole("region", { name: "Ready for the launch" });
    expect(card.textContent).toContain("at least 80 %");
    expect(within(card).queryByRole("link")).toBeNull();
    expect(screen.getAllByRole("region")).toHaveLength(1);
  });
});
