import { createEmptyCard, fsrs, generatorParameters, Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { formatInterval } from "#shared/domain/pivot-assets.ts";
import type { RetrievalItem } from "#shared/schemas/pivot-assets.ts";
import {
  cardKeyAction,
  currentItem,
  difficultyLabel,
  emptyReview,
  gradeButtons,
  isFinished,
  itemsReviewed,
  masteryPercent,
  masteryStyle,
  reviewReducer,
  reviewSummary,
} from "./pivot-view.ts";

const item = (id: number, overrides: Partial<RetrievalItem> = {}): RetrievalItem => ({
  id,
  pivotCardId: 1,
  pivotCardTitle: "Photosynthesis",
  discipline: "biology",
  type: "flashcard",
  question: `Question ${id}`,
  answer: `Answer ${id}`,
  options: null,
  correctIndex: null,
  difficulty: null,
  lastShown: null,
  nextDue: "2026-11-24T10:00:00.000Z",
  state: "new",
  reps: 0,
  overdue: false,
  retrievability: 0,
  intervals: { again: "1 min", hard: "6 min", good: "10 min", easy: "8 d" },
  ...overrides,
});

describe("mastery colours (spec B §4, §9)", () => {
  it("is green at 0.8 and above, amber from 0.6, red below", () => {
    expect(masteryStyle(0.8).words).toBe("mastered");
    expect(masteryStyle(0.95).bar).toBe("var(--color-success)");
    expect(masteryStyle(0.7999).words).toBe("developing");
    expect(masteryStyle(0.6).bar).toBe("#f59e0b");
    expect(masteryStyle(0.5999).words).toBe("at risk");
    expect(masteryStyle(0).bar).toBe("var(--color-destructive)");
  });
  it("shows a rounded percent, bounded to 0..100", () => {
    expect(masteryPercent(0.756)).toBe("76%");
    expect(masteryPercent(0)).toBe("0%");
    expect(masteryPercent(1.2)).toBe("100%");
  });
});

describe("grade buttons", () => {
  it("label each grade with the interval the API gives, as Anki does", () => {
    expect(gradeButtons(item(1)).map((button) => button.label)).toEqual([
      "Again · 1 min",
      "Hard · 6 min",
      "Good · 10 min",
      "Easy · 8 d",
    ]);
  });

  it("show what ts-fsrs schedules for a card reviewed once (intervals as the server formats them)", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    const scheduler = fsrs(generatorParameters({ request_retention: 0.9, enable_fuzz: false }));
    // A card answered Good yesterday, then Good again: past the learning steps, days apart.
    const first = scheduler.next(
      createEmptyCard(new Date("2026-11-20T10:00:00Z")),
      new Date("2026-11-20T10:00:00Z"),
      Rating.Good,
    );
    const second = scheduler.next(first.card, new Date("2026-11-20T10:10:00Z"), Rating.Good);
    const preview = scheduler.repeat(second.card, now);
    const interval = (rating: Rating.Again | Rating.Hard | Rating.Good | Rating.Easy) =>
      formatInterval(preview[rating].card.due.getTime() - now.getTime());
    const buttons = gradeButtons({
      intervals: {
        again: interval(Rating.Again),
        hard: interval(Rating.Hard),
        good: interval(Rating.Good),
        easy: interval(Rating.Easy),
      },
    });
    expect(buttons[0]?.label).toMatch(/^Again · \d+ min$/);
    expect(buttons[2]?.label).toMatch(/^Good · \d+ d$/);
    // Easy schedules further than Good, which schedules further than Hard.
    const days = (label: string | undefined) =>
      Number(/(\d+(?:\.\d+)?) d$/.exec(label ?? "")?.[1] ?? Number.NaN);
    expect(days(buttons[3]?.label)).toBeGreaterThan(days(buttons[2]?.label));
  });
});

describe("the review session", () => {
  const start = reviewReducer(emptyReview, { type: "start", items: [item(1), item(2)] });

  it("reveals with Space or Enter, grades with 1 to 4 only once revealed", () => {
    expect(cardKeyAction(" ", start, null)).toBe("reveal");
    expect(cardKeyAction("Enter", start, null)).toBe("reveal");
    expect(cardKeyAction("3", start, null)).toBeNull();
    const revealed = reviewReducer(start, { type: "reveal" });
    expect(cardKeyAction("1", revealed, null)).toEqual({ grade: 1 });
    expect(cardKeyAction("4", revealed, null)).toEqual({ grade: 4 });
    expect(cardKeyAction("5", revealed, null)).toBeNull();
    expect(cardKeyAction(" ", revealed, null)).toBeNull();
    // A grade before the answer shows changes nothing.
    expect(reviewReducer(start, { type: "graded", rating: 3 })).toBe(start);
  });

  it("asks for an option before revealing a concept check, as a student's session does", () => {
    const check = item(3, { type: "concept-check", answer: null, options: ["x", "y"], correctIndex: 1 });
    const state = reviewReducer(emptyReview, { type: "start", items: [check] });
    expect(cardKeyAction(" ", state, null)).toBe("choose-first");
    expect(cardKeyAction("b", state, null)).toEqual({ choose: 1 });
    expect(cardKeyAction(" ", state, 1)).toBe("reveal");
  });

  it("moves on after a grade, counts the grades, and finishes after the last item", () => {
    let state = reviewReducer(reviewReducer(start, { type: "reveal" }), { type: "graded", rating: 3 });
    expect(currentItem(state)?.id).toBe(2);
    expect(state.revealed).toBe(false);
    state = reviewReducer(reviewReducer(state, { type: "reveal" }), { type: "graded", rating: 4 });
    expect(isFinished(state)).toBe(true);
    expect(currentItem(state)).toBeNull();
    expect(cardKeyAction(" ", state, null)).toBeNull();
    expect(itemsReviewed(state)).toBe(2);
    expect(reviewSummary(state)).toEqual([
      { name: "Again", count: 0 },
      { name: "Hard", count: 0 },
      { name: "Good", count: 1 },
      { name: "Easy", count: 1 },
    ]);
  });

  it("brings an item graded Again back at the end of the session, as the server answered it", () => {
    const answered = item(1, { intervals: { again: "1 min", hard: "6 min", good: "10 min", easy: "2 d" } });
    let state = reviewReducer(reviewReducer(start, { type: "reveal" }), {
      type: "graded",
      rating: 1,
      item: answered,
    });
    expect(state.items.map((entry) => entry.id)).toEqual([1, 2, 1]);
    expect(state.items[2]).toBe(answered);
    state = reviewReducer(reviewReducer(state, { type: "reveal" }), { type: "graded", rating: 3 });
    expect(currentItem(state)).toBe(answered);
    expect(isFinished(state)).toBe(false);
    state = reviewReducer(reviewReducer(state, { type: "reveal" }), { type: "graded", rating: 3 });
    expect(isFinished(state)).toBe(true);
    // Three grades, two items.
    expect(itemsReviewed(state)).toBe(2);
    expect(reviewSummary(state).find((entry) => entry.name === "Again")?.count).toBe(1);
  });

  it("undoing an Again takes its copy off the end of the session", () => {
    const again = reviewReducer(reviewReducer(start, { type: "reveal" }), { type: "graded", rating: 1 });
    expect(again.items).toHaveLength(3);
    const undone = reviewReducer(again, { type: "undone", item: item(1) });
    expect(undone.items.map((entry) => entry.id)).toEqual([1, 2]);
    expect(undone.index).toBe(0);
  });

  it("undo steps back to the last item as the server restored it", () => {
    const graded = reviewReducer(reviewReducer(start, { type: "reveal" }), { type: "graded", rating: 4 });
    const restored = item(1, { intervals: { again: "1 min", hard: "5 min", good: "10 min", easy: "7 d" } });
    const undone = reviewReducer(graded, { type: "undone", item: restored });
    expect(currentItem(undone)).toBe(restored);
    expect(undone.history).toEqual([]);
    expect(undone.revealed).toBe(false);
    // Nothing to undo: unchanged.
    expect(reviewReducer(undone, { type: "undone", item: restored })).toBe(undone);
  });

  it("an empty due list is not a finished session", () => {
    expect(isFinished(reviewReducer(emptyReview, { type: "start", items: [] }))).toBe(false);
  });
});

describe("difficulty", () => {
  it("says New before the first review, else a word and the FSRS value", () => {
    expect(difficultyLabel(null)).toBe("New");
    expect(difficultyLabel(2.345)).toBe("Easy (2.3/10)");
    expect(difficultyLabel(5)).toBe("Medium (5/10)");
    expect(difficultyLabel(8.04)).toBe("Hard (8/10)");
  });
});
