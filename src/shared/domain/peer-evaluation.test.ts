import { describe, expect, it } from "vitest";
import {
  evaluatePeerRatings,
  individualScore,
  PEER_DIMENSION_IDS,
  PEER_DIMENSIONS,
  type PeerRating,
  peerRatingProblems,
} from "./peer-evaluation.ts";

/** The five dimensions' values in PEER_DIMENSION_IDS order; one value for all five. */
const values = (...given: number[]) =>
  Object.fromEntries(PEER_DIMENSION_IDS.map((id, index) => [id, given[index] ?? given[0] ?? 0]));
const rate = (raterId: number, rateeId: number, ...given: number[]): PeerRating => ({
  raterId,
  rateeId,
  ratings: values(...given),
});
/** Every member rates every member (themself too) with `given`. */
const everyoneRates = (memberIds: number[], ...given: number[]) =>
  memberIds.flatMap((raterId) => memberIds.map((rateeId) => rate(raterId, rateeId, ...given)));
const member = (evaluation: ReturnType<typeof evaluatePeerRatings>, id: number) => {
  const found = evaluation.members.find((candidate) => candidate.memberId === id);
  if (!found) throw new Error(`no member ${id}`);
  return found;
};
const kinds = (evaluation: ReturnType<typeof evaluatePeerRatings>, id: number) =>
  member(evaluation, id).flags.map((flag) => flag.kind);

describe("the five dimensions", () => {
  it("lists CATME's dimensions with anchors at levels 5, 3 and 1", () => {
    expect(PEER_DIMENSIONS.map((dimension) => dimension.title)).toEqual([
      "Contributing to the team's work",
      "Interacting with teammates",
      "Keeping the team on track",
      "Expecting quality",
      "Having relevant knowledge and skills",
    ]);
    for (const dimension of PEER_DIMENSIONS) {
      expect(Object.keys(dimension.anchors)).toEqual(["1", "3", "5"]);
      expect(Object.values(dimension.anchors).every((anchor) => anchor.length > 10)).toBe(true);
    }
  });
});

describe("adjustment factors", () => {
  it("gives equal contributors a factor of 1 and no flag", () => {
    // Everyone rates everyone 4: received 4 each, team mean 4, factor 4 / 4 = 1.
    const evaluation = evaluatePeerRatings({ memberIds: [1, 2, 3], ratings: everyoneRates([1, 2, 3], 4) });
    expect(evaluation.teamMean).toBe(4);
    expect(evaluation.spread).toBe(0);
    expect(evaluation.flags).toEqual([]);
    for (const evaluated of evaluation.members) {
      expect(evaluated).toMatchObject({ received: 4, raters: 2, self: 4, factor: 1, rawFactor: 1 });
      expect(evaluated.factorReason).toBeNull();
      expect(evaluated.flags).toEqual([]);
    }
  });

  it("puts a weak member below 1 and caps the others at 1.05", () => {
    // Members 1-3 receive 4 from everyone; member 4 receives 2 from 1, 2 and 3.
    // Team mean (4 + 4 + 4 + 2) / 4 = 3.5; factors 4 / 3.5 = 1.1429 → capped 1.05, 2 / 3.5 = 0.5714.
    const ratings = [1, 2, 3, 4].flatMap((raterId) =>
      [1, 2, 3, 4].map((rateeId) => rate(raterId, rateeId, rateeId === 4 && raterId !== 4 ? 2 : 4)),
    );
    const evaluation = evaluatePeerRatings({ memberIds: [1, 2, 3, 4], ratings });
    expect(evaluation.teamMean).toBe(3.5);
    for (const id of [1, 2, 3]) {
      expect(member(evaluation, id).rawFactor).toBeCloseTo(1.1429, 4);
      expect(member(evaluation, id).factor).toBe(1.05);
    }
    expect(member(evaluation, 4).received).toBe(2);
    expect(member(evaluation, 4).factor).toBeCloseTo(0.5714, 4);
  });

  it("leaves factors under the cap as they are, and takes another cap", () => {
    // Member 4 receives (4 + 4 + 4 + 3 + 3) / 5 = 3.6 from each teammate, the others 4.
    // Team mean (4 × 3 + 3.6) / 4 = 3.9: factors 4 / 3.9 = 1.0256 and 3.6 / 3.9 = 0.9231.
    const ratings = [1, 2, 3, 4].flatMap((raterId) =>
      [1, 2, 3, 4].map((rateeId) =>
        rateeId === 4 && raterId !== 4 ? rate(raterId, rateeId, 4, 4, 4, 3, 3) : rate(raterId, rateeId, 4),
      ),
    );
    const evaluation = evaluatePeerRatings({ memberIds: [1, 2, 3, 4], ratings });
    expect(evaluation.teamMean).toBeCloseTo(3.9, 10);
    expect(member(evaluation, 1).factor).toBeCloseTo(1.0256, 4);
    expect(member(evaluation, 4).factor).toBeCloseTo(0.9231, 4);
    expect(member(evaluation, 4).receivedByDimension).toMatchObject({ contributing: 4, quality: 3 });
    // With a cap of 1.02: 1.0256 → 1.02.
    const capped = evaluatePeerRatings({ memberIds: [1, 2, 3, 4], ratings }, { cap: 1.02 });
    expect(member(capped, 1).factor).toBe(1.02);
  });

  it("leaves self-ratings out of the factor", () => {
    // As for equal contributors, but member 1 rates themself 5 and member 2 themself 1:
    // received and factors do not move (4 each, factor 1); self shows 5 and 1.
    const ratings = everyoneRates([1, 2, 3], 4).map((rating) =>
      rating.raterId === rating.rateeId && rating.raterId !== 3
        ? rate(rating.raterId, rating.rateeId, rating.raterId === 1 ? 5 : 1)
        : rating,
    );
    const evaluation = evaluatePeerRatings({ memberIds: [1, 2, 3], ratings });
    expect(evaluation.members.map((evaluated) => evaluated.factor)).toEqual([1, 1, 1]);
    expect(evaluation.members.map((evaluated) => evaluated.received)).toEqual([4, 4, 4]);
    expect(evaluation.members.map((evaluated) => evaluated.self)).toEqual([5, 1, 4]);
  });

  it("gives a member nobody rated a factor of 1 with the reason, outside the team mean", () => {
    // 1 and 2 rate each other (5 and 3); nobody rates 3, who rates nobody.
    // Team mean over 1 and 2: (3 + 5) / 2 = 4; factors 3 / 4 = 0.75 and 5 / 4 = 1.25 → 1.05.
    const evaluation = evaluatePeerRatings({ memberIds: [1, 2, 3], ratings: [rate(1, 2, 5), rate(2, 1, 3)] });
    expect(evaluation.teamMean).toBe(4);
    expect(member(evaluation, 1).factor).toBe(0.75);
    expect(member(evaluation, 2).factor).toBe(1.05);
    expect(member(evaluation, 3)).toMatchObject({ received: null, raters: 0, rawFactor: null, factor: 1 });
    expect(member(evaluation, 3).factorReason).toBe("Nobody in the team rated them, so their factor is 1.");
    expect(member(evaluation, 3).receivedByDimension.contributing).toBeNull();
  });

  it("weighs each rater the same and counts a rated pair once", () => {
    // Member 2 rates 1 with 5, 5, 5, 5, 5 and again with 1s (ignored); member 3 rates 1 only on one
    // dimension, 3. Received: (5 + 3) / 2 = 4, not (25 + 3) / 6.
    const evaluation = evaluatePeerRatings({
      memberIds: [1, 2, 3],
      ratings: [rate(2, 1, 5), rate(2, 1, 1), { raterId: 3, rateeId: 1, ratings: { quality: 3 } }],
    });
    expect(member(evaluation, 1)).toMatchObject({ received: 4, raters: 2 });
    expect(member(evaluation, 1).receivedByDimension).toMatchObject({ contributing: 5, quality: 4 });
  });
});

describe("individual scores", () => {
  it("multiplies the team score by the factor, never above the maximum", () => {
    expect(individualScore(80, 1.05, 100)).toBe(84); // 80 × 1.05
    expect(individualScore(80, 0.5, 100)).toBe(40); // 80 × 0.5
    expect(individualScore(98, 1.05, 100)).toBe(100); // 98 × 1.05 = 102.9 → 100
    // 9 × 1.05 = 9.450000000000001 in floats: 9.45 to the hundredth, under a maximum of 10.
    expect(individualScore(9, 1.05, 10)).toBe(9.45);
    expect(individualScore(72.5, 0.8333, 100)).toBe(60.41); // 60.414… → 60.41
  });
});

describe("flags", () => {
  it("flags a member whose self-rating is at least a point above the team's, not below", () => {
    // Teams of two rate each other 3 (factors 1); member 2 rates themself as given.
    const withSelf = (...self: number[]) =>
      evaluatePeerRatings({
        memberIds: [1, 2],
        ratings: [rate(1, 2, 3), rate(2, 1, 3), rate(2, 2, ...self)],
      });
    // Self 4, received 3: 4 − 3 = 1, at the margin: raised.
    const atMargin = withSelf(4);
    expect(kinds(atMargin, 2)).toEqual(["overconfident"]);
    expect(member(atMargin, 2).flags[0]?.message).toBe("Rates themself 4.0; the team rates them 3.0.");
    // Self (4 + 4 + 4 + 4 + 3) / 5 = 3.8: 0.8 above: not raised.
    expect(kinds(withSelf(4, 4, 4, 4, 3), 2)).toEqual([]);
  });

  it("flags overconfidence at the margin despite float error", () => {
    // Self (5 + 5 + 5 + 4 + 4) / 5 = 4.6, received (4 + 4 + 4 + 3 + 3) / 5 = 3.6; 4.6 − 3.6 is
    // 0.9999999999999996 in floats, a margin of 1 all the same.
    const evaluation = evaluatePeerRatings({
      memberIds: [1, 2],
      ratings: [rate(1, 2, 4, 4, 4, 3, 3), rate(2, 1, 4), rate(2, 2, 5, 5, 5, 4, 4)],
    });
    expect(member(evaluation, 2).flags).toEqual([
      {
        kind: "overconfident",
        self: 4.6,
        received: 3.6,
        message: "Rates themself 4.6; the team rates them 3.6.",
      },
    ]);
  });

  it("flags a member the team rates below 3, not at 3", () => {
    // Teams of two: member 1 receives r, member 2 receives 3.
    const pair = (...received: number[]) =>
      evaluatePeerRatings({ memberIds: [1, 2], ratings: [rate(2, 1, ...received), rate(1, 2, 3)] });
    // Received 3 and 3: factors 1, no flag.
    expect(kinds(pair(3), 1)).toEqual([]);
    // Received (3 + 3 + 3 + 3 + 2) / 5 = 2.8 against 3: mean 2.9, factor 2.8 / 2.9 = 0.9655.
    const below = pair(3, 3, 3, 3, 2);
    expect(kinds(below, 1)).toEqual(["low-performer"]);
    expect(member(below, 1).flags[0]?.message).toBe("The team rates them 2.8, below 3.0; factor 0.97.");
  });

  it("flags a member whose factor is below 0.9, not at 0.9", () => {
    // Received 3.6 against 4.4: mean (3.6 + 4.4) / 2 = 4, factor 3.6 / 4 = 0.9: not raised.
    const atThreshold = evaluatePeerRatings({
      memberIds: [1, 2],
      ratings: [rate(2, 1, 4, 4, 4, 3, 3), rate(1, 2, 5, 5, 4, 4, 4)],
    });
    expect(member(atThreshold, 1).factor).toBeCloseTo(0.9, 10);
    expect(kinds(atThreshold, 1)).toEqual([]);
    // Received (4 + 4 + 3 + 3 + 3) / 5 = 3.4 against 4.4: mean 3.9, factor 3.4 / 3.9 = 0.8718.
    const below = evaluatePeerRatings({
      memberIds: [1, 2],
      ratings: [rate(2, 1, 4, 4, 3, 3, 3), rate(1, 2, 5, 5, 4, 4, 4)],
    });
    expect(kinds(below, 1)).toEqual(["low-performer"]);
    expect(member(below, 1).flags[0]?.message).toBe("The team rates them 3.4; factor 0.87, below 0.90.");
  });

  it("flags a team whose members' ratings spread by more than a point, not by exactly one", () => {
    // Member 1 receives 5 and 1 (standard deviation 2), member 2 receives 5 and 3 (1),
    // member 3 receives 4 and 4 (0): spread (2 + 1 + 0) / 3 = 1: not raised.
    const base = [rate(2, 1, 5), rate(3, 1, 1), rate(1, 2, 5), rate(3, 2, 3), rate(1, 3, 4)];
    const atThreshold = evaluatePeerRatings({ memberIds: [1, 2, 3], ratings: [...base, rate(2, 3, 4)] });
    expect(atThreshold.spread).toBe(1);
    expect(atThreshold.flags).toEqual([]);
    // Member 3 receives 4 and 3 instead (0.5): spread (2 + 1 + 0.5) / 3 = 1.1667: raised.
    const above = evaluatePeerRatings({ memberIds: [1, 2, 3], ratings: [...base, rate(2, 3, 3)] });
    expect(above.spread).toBeCloseTo(1.1667, 4);
    expect(above.flags).toEqual([
      {
        kind: "conflict",
        spread: above.spread,
        message:
          "Teammates disagree about their members: ratings of the same member differ by 1.2 points on average (standard deviation), above 1.0.",
      },
    ]);
  });

  it("measures no spread on members rated by fewer than two teammates", () => {
    // Each of two members rates the other: one rater each, no spread.
    const evaluation = evaluatePeerRatings({ memberIds: [1, 2], ratings: [rate(1, 2, 5), rate(2, 1, 1)] });
    expect(evaluation.spread).toBeNull();
    expect(evaluation.flags).toEqual([]);
  });

  it("flags a member who rated no teammate or only some, not one who rated all", () => {
    // Team of four: 1 rates 2 and 3 (not 4); 2, 3 rate everyone; 4 rates nobody.
    const ratings = [
      rate(1, 2, 4),
      rate(1, 3, 4),
      ...[2, 3].flatMap((raterId) => [1, 2, 3, 4].map((rateeId) => rate(raterId, rateeId, 4))),
    ];
    const evaluation = evaluatePeerRatings({ memberIds: [1, 2, 3, 4], ratings });
    expect(member(evaluation, 1).flags).toEqual([
      { kind: "did-not-rate", rated: 2, teammates: 3, message: "Rated 2 of their 3 teammates." },
    ]);
    expect(kinds(evaluation, 2)).toEqual([]);
    expect(member(evaluation, 4).flags).toEqual([
      { kind: "did-not-rate", rated: 0, teammates: 3, message: "Rated none of their 3 teammates." },
    ]);
    // A self-rating alone does not count as rating a teammate.
    const selfOnly = evaluatePeerRatings({ memberIds: [1, 2], ratings: [rate(1, 1, 4), rate(2, 1, 4)] });
    expect(member(selfOnly, 1).flags.map((flag) => flag.message)).toEqual(["Did not rate their teammate."]);
  });
});

describe("rating problems", () => {
  const team = { memberIds: [1, 2, 3] };

  it("accepts a complete set of ratings", () => {
    expect(peerRatingProblems({ ...team, ratings: everyoneRates([1, 2, 3], 4) })).toEqual([]);
  });

  it("names a rating off the scale, an unknown or a missing dimension", () => {
    const ratings: PeerRating[] = [
      { raterId: 1, rateeId: 2, ratings: { ...values(4), quality: 7 } },
      { raterId: 1, rateeId: 1, ratings: { ...values(4), knowledge: 2.5 } },
      { raterId: 1, rateeId: 3, ratings: { ...values(4), leadership: 4 } },
      { raterId: 2, rateeId: 3, ratings: { contributing: 0, interacting: 3, "on-track": 3, quality: 3 } },
    ];
    expect(peerRatingProblems({ ...team, ratings })).toEqual([
      {
        path: ["ratings", 0, "ratings", "quality"],
        message:
          'Student 1\'s rating of student 2 on "Expecting quality" is 7; ratings are whole numbers from 1 to 5.',
      },
      {
        path: ["ratings", 1, "ratings", "knowledge"],
        message:
          'Student 1\'s rating of themself on "Having relevant knowledge and skills" is 2.5; ratings are whole numbers from 1 to 5.',
      },
      {
        path: ["ratings", 2, "ratings", "leadership"],
        message:
          'Student 1\'s rating of student 3 names "leadership", which is not one of the five dimensions.',
      },
      {
        path: ["ratings", 3, "ratings", "contributing"],
        message:
          "Student 2's rating of student 3 on \"Contributing to the team's work\" is 0; ratings are whole numbers from 1 to 5.",
      },
      {
        path: ["ratings", 3, "ratings", "knowledge"],
        message: 'Student 2\'s rating of student 3 has no rating on "Having relevant knowledge and skills".',
      },
    ]);
  });

  it("names a member outside the team and a pair rated twice, with the caller's names", () => {
    const names = new Map([
      [1, "Ada"],
      [2, "Grace"],
      [9, "Linus"],
    ]);
    const ratings = [
      rate(1, 9, 4),
      rate(9, 2, 4),
      rate(1, 2, 4),
      rate(1, 2, 5),
      rate(2, 2, 4),
      rate(2, 2, 4),
    ];
    const problems = peerRatingProblems({ ...team, ratings }, (id) => names.get(id) ?? `student ${id}`);
    expect(problems).toEqual([
      { path: ["ratings", 0, "rateeId"], message: "Linus is not in this team." },
      { path: ["ratings", 1, "raterId"], message: "Linus is not in this team." },
      { path: ["ratings", 3], message: "Ada rated Grace twice." },
      { path: ["ratings", 5], message: "Grace rated themself twice." },
    ]);
  });

  it("leaves refused ratings out of the evaluation", () => {
    // Member 9 is not in the team; 7 is off the scale: member 1 receives only member 2's 3.
    const evaluation = evaluatePeerRatings({
      memberIds: [1, 2],
      ratings: [rate(9, 1, 1), rate(2, 1, 3), { raterId: 2, rateeId: 1, ratings: values(7) }],
    });
    expect(member(evaluation, 1)).toMatchObject({ received: 3, raters: 1 });
  });
});
