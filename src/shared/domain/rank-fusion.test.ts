import { describe, expect, it } from "vitest";
import { bestPerGroup, RRF_K, reciprocalRankFusion } from "./rank-fusion.ts";

describe("reciprocalRankFusion", () => {
  it("scores each item by the sum of 1 / (60 + rank) over the rankings that hold it", () => {
    const fused = reciprocalRankFusion([
      ["a", "b", "c"],
      ["c", "a"],
    ]);
    const score = Object.fromEntries(fused.map(({ item, score }) => [item, score]));
    expect(RRF_K).toBe(60);
    expect(score.a).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(score.b).toBeCloseTo(1 / 62, 12);
    expect(score.c).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused.map(({ item }) => item)).toEqual(["a", "c", "b"]);
  });

  it("lifts an item both rankings agree on above one ranking's single winner", () => {
    const fused = reciprocalRankFusion([
      ["solo", "shared"],
      ["other", "shared"],
    ]);
    expect(fused[0]?.item).toBe("shared");
  });

  it("with one ranking keeps its order; with none answers nothing", () => {
    expect(reciprocalRankFusion([[3, 1, 2]]).map(({ item }) => item)).toEqual([3, 1, 2]);
    expect(reciprocalRankFusion([])).toEqual([]);
  });

  it("takes another k, and refuses a negative one", () => {
    const [first] = reciprocalRankFusion([["x"]], 0);
    expect(first?.score).toBe(1);
    expect(() => reciprocalRankFusion([["x"]], -1)).toThrow(RangeError);
  });
});

describe("bestPerGroup", () => {
  it("keeps the first item of each group, in order, up to the limit", () => {
    const passages = [
      { id: 1, doc: "A" },
      { id: 2, doc: "B" },
      { id: 3, doc: "A" },
      { id: 4, doc: "C" },
      { id: 5, doc: "D" },
    ];
    expect(bestPerGroup(passages, (p) => p.doc, 3).map((p) => p.id)).toEqual([1, 2, 4]);
    expect(bestPerGroup(passages, (p) => p.doc, 0)).toEqual([]);
  });
});
