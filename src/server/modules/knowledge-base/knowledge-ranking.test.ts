import { describe, expect, it } from "vitest";
import { excludedTerms } from "../../platform/passages/query-terms.ts";
import { lexicalRanking } from "./knowledge-base.search.ts";

// The pure parts of knowledge search's ranking.

describe("lexicalRanking", () => {
  it("adds an entry's title-and-tags rank to its best passage's, best first", () => {
    const labels = [
      { id: 1, rank: 0.1 },
      { id: 2, rank: 0.04 },
    ];
    const passages = [
      { id: 10, sourceId: 3, rank: 0.09 },
      { id: 11, sourceId: 1, rank: 0.02 },
      // An entry's second passage adds nothing.
      { id: 12, sourceId: 3, rank: 0.09 },
    ];
    expect(lexicalRanking(labels, passages)).toEqual([1, 3, 2]);
  });

  it("orders equal scores by the newer entry first, and gives nothing for nothing", () => {
    expect(
      lexicalRanking(
        [
          { id: 4, rank: 0.1 },
          { id: 9, rank: 0.1 },
        ],
        [],
      ),
    ).toEqual([9, 4]);
    expect(lexicalRanking([], [])).toEqual([]);
  });
});

describe("excludedTerms", () => {
  it('reads -words and -"phrases" as a query matching any of them', () => {
    expect(excludedTerms("grading -survey")).toBe("survey");
    expect(excludedTerms('-"peer review" essays -draft')).toBe('"peer review" or draft');
  });

  it("ignores hyphens inside words and lone dashes", () => {
    expect(excludedTerms("self-assessment rubric")).toBeUndefined();
    expect(excludedTerms("rubric - draft")).toBeUndefined();
    expect(excludedTerms('-""')).toBeUndefined();
  });
});
