import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import { goldStandardRubric, scoringSummary } from "#shared/domain/rubrics.ts";
import type { DesignReviewResponse } from "#shared/schemas/design-review.ts";
import type { Rubric } from "#shared/schemas/rubrics.ts";
import { DesignReviewCard } from "./design-review-card.tsx";

const { fetchMock, answer } = stubFetch();

const gold = { id: null, ...goldStandardRubric() };
const checklist: Rubric = {
  id: 4,
  title: "Our design checklist",
  description: "",
  criteria: [
    {
      id: "c1",
      title: "Driving question",
      weight: 1,
      levels: [
        { title: "Clear", descriptor: "One question frames the work", points: 2 },
        { title: "Vague", descriptor: "", points: 0 },
      ],
    },
  ],
  createdAt: "2026-09-01T09:00:00.000Z",
  updatedAt: "2026-09-01T09:00:00.000Z",
};

/** The answer the server gives to a saved review (the same arithmetic). */
const answerTo = (body: {
  scores: Array<{ criterionId: string; level: number; comment?: string }>;
  overallComment?: string;
  rubricId?: number | null;
}): DesignReviewResponse => {
  const rubric = body.rubricId === 4 ? checklist : gold;
  const scores = body.scores.map((score) => ({ comment: "", ...score }));
  return {
    rubric: { id: rubric.id, title: rubric.title, criteria: rubric.criteria },
    review: {
      projectId: 7,
      scores,
      overallComment: body.overallComment ?? "",
      ...scoringSummary(rubric.criteria, scores),
      updatedAt: "2026-09-02T09:00:00.000Z",
    },
  };
};

const renderCard = () => renderWithQueries(<DesignReviewCard projectId={7} />);

describe("the project design card", () => {
  it("reviews the design with the Gold Standard, a level per element, and shows the result", async () => {
    const user = userEvent.setup();
    const sent = answer({
      "GET /api/projects/7/design-review": () => Response.json({ review: null, rubric: gold }),
      "GET /api/rubrics": () => Response.json({ rubrics: [] }),
      "PUT /api/projects/7/design-review": (body) => Response.json(answerTo(body as never)),
    });
    renderCard();
    expect(await screen.findByText("Not reviewed yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Review the design" }));

    const dialog = await screen.findByRole("dialog", { name: "Review the project design" });
    expect(within(dialog).getAllByRole("group")).toHaveLength(7);
    const problem = within(dialog).getByRole("group", { name: /Challenging problem/ });
    // Each level's descriptor is part of its choice.
    expect(
      within(problem).getByRole("radio", { name: /Includes the feature \(3\)\s*Fully present/ }),
    ).toBeTruthy();
    await user.click(within(problem).getByRole("radio", { name: /Includes the feature/ }));
    const product = within(dialog).getByRole("group", { name: /Public product/ });
    await user.click(within(product).getByRole("radio", { name: /Lacks the feature/ }));
    await user.type(within(dialog).getByLabelText("Comment on Public product"), "Nobody outside sees it");
    await user.type(within(dialog).getByLabelText("Overall comment"), "Open it up");
    // (3/3 + 0/3) / 7.
    expect(within(dialog).getByText(/Score: 14\.3 \/ 100 \(3 of 21 points, 5 not scored\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save Review" }));

    expect(sent["PUT /api/projects/7/design-review"]?.at(-1)).toEqual({
      scores: [
        { criterionId: "challenging-problem", level: 0, comment: "" },
        { criterionId: "public-product", level: 3, comment: "Nobody outside sees it" },
      ],
      overallComment: "Open it up",
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    const result = await screen.findByTestId("design-review-result");
    expect(result.textContent).toContain("Score 14.3 / 100");
    expect(result.textContent).toContain("3 of 21 points");
    expect(result.textContent).toContain("Weakest: Public product (Lacks the feature).");
    expect(result.textContent).toContain("Not scored yet: Sustained inquiry, Authenticity");
  });

  it("switches to a rubric of one's own, and starts over after a confirmation", async () => {
    const user = userEvent.setup();
    let current: DesignReviewResponse = answerTo({ scores: [{ criterionId: "reflection", level: 1 }] });
    const sent = answer({
      "GET /api/projects/7/design-review": () => Response.json(current),
      "GET /api/rubrics": () => Response.json({ rubrics: [checklist] }),
      "PUT /api/projects/7/design-review": (body) => {
        current = answerTo(body as never);
        return Response.json(current);
      },
      "DELETE /api/projects/7/design-review": () => {
        current = { review: null, rubric: gold };
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    expect((await screen.findByTestId("design-review-result")).textContent).toContain("Weakest: Reflection");
    await user.click(screen.getByRole("button", { name: "Review the design" }));
    const dialog = await screen.findByRole("dialog", { name: "Review the project design" });
    const reflection = within(dialog).getByRole("group", { name: /Reflection/ });
    expect(
      (within(reflection).getByRole("radio", { name: /Partly includes/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText("Rubric"), "Our design checklist");
    expect(within(dialog).getAllByRole("group")).toHaveLength(1);
    await user.click(within(dialog).getByRole("radio", { name: /Clear/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save Review" }));
    expect(sent["PUT /api/projects/7/design-review"]?.at(-1)).toMatchObject({
      rubricId: 4,
      scores: [{ criterionId: "c1", level: 0, comment: "" }],
    });
    expect((await screen.findByTestId("design-review-result")).textContent).toContain(
      "with Our design checklist",
    );

    await user.click(screen.getByRole("button", { name: "Start over" }));
    const confirm = await screen.findByRole("dialog", { name: "Start the design review over?" });
    await user.click(within(confirm).getByRole("button", { name: "Start over" }));
    expect(await screen.findByText("Not reviewed yet.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true);
  });
});
