import { createEmptyCard, fsrs, generatorParameters, Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { itemMastery, MASTERY_HORIZON_DAYS } from "./mastery.ts";
import { MASTERY_GREEN } from "./pivot-assets.ts";

/** FSRS-6's forgetting curve written out: decay -w[20] = -0.1542, factor 0.9^(1/decay) - 1. */
const byHand = (days: number, stability: number) => {
  const decay = -0.1542;
  const factor = 0.9 ** (1 / decay) - 1;
  return (1 + (factor * days) / stability) ** decay;
};

describe("itemMastery: FSRS's predicted recall 30 days after the last review", () => {
  const reviewed = new Date("2026-11-02T09:00:00Z");

  it("is 0 for an item never reviewed", () => {
    expect(itemMastery({ state: 0, stability: 0, lastReview: null })).toBe(0);
    expect(itemMastery({ state: 2, stability: 0, lastReview: reviewed })).toBe(0);
  });

  it("follows the forgetting curve at the 30-day horizon, from the stability alone", () => {
    expect(MASTERY_HORIZON_DAYS).toBe(30);
    for (const stability of [0.5, 2.3065, 10, 100, 1000])
      expect(itemMastery({ state: 2, stability, lastReview: reviewed })).toBeCloseTo(
        byHand(30, stability),
        7,
      );
    // A stability of 30 days is FSRS's 90 % recall point at 30 days.
    expect(itemMastery({ state: 2, stability: 30, lastReview: reviewed })).toBeCloseTo(0.9, 7);
  });

  it("stays below mastered after one Good review of a new item and rises past it over spaced reviews", () => {
    const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));
    let at = reviewed;
    let card = scheduler.next(createEmptyCard(at), at, Rating.Good).card;
    const once = itemMastery({ state: card.state, stability: card.stability, lastReview: at });
    // The first Good gives the stability w[2] = 2.3065 days: about 67 % recalled 30 days on.
    expect(once).toBeCloseTo(byHand(30, 2.3065), 6);
    expect(once).toBeLessThan(MASTERY_GREEN);
    for (let review = 0; review < 3; review++) {
      at = new Date(card.due.getTime() + 60 * 60 * 1000);
      card = scheduler.next(card, at, Rating.Good).card;
    }
    expect(itemMastery({ state: card.state, stability: card.stability, lastReview: at })).toBeGreaterThan(
      MASTERY_GREEN,
    );
  });
});
