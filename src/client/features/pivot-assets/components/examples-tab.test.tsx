import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { PivotCard } from "#shared/schemas/pivot-assets.ts";
import { ExamplesTab } from "./examples-tab.tsx";

const { answer } = stubFetch();

const card = (id: number, title: string): PivotCard => ({
  id,
  title,
  discipline: "computing",
  disciplineLabel: "Computing",
  definition: "d",
  constraints: "c",
  minimalExample: "m",
  counterExample: "x",
  misconceptions: [],
  projectId: 7,
  createdAt: "2026-09-01",
  retrievalCount: 0,
  itemCount: 0,
  masteryLevel: 0,
  masteryColour: "red",
});

describe("the worked examples tab", () => {
  it("opens Create Example for the card a link names (a pacing suggestion), once", async () => {
    answer({ "GET /api/worked-examples": () => Response.json([]) });
    let opened = 0;
    renderWithQueries(
      <ExamplesTab
        cards={[card(1, "Closures"), card(2, "Recursion")]}
        visibleCardIds={null}
        newForCardId={2}
        onLinkedOpened={() => {
          opened += 1;
        }}
      />,
    );
    const dialog = await screen.findByRole("dialog");
    const select = within(dialog).getByLabelText("Pivot card") as HTMLSelectElement;
    expect(select.value).toBe("2");
    await screen.findByText("No worked examples yet");
    expect(opened).toBe(1);
  });
});
