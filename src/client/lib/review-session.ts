import { type MasteryColour, masteryColour } from "#shared/domain/pivot-assets.ts";

/**
 * The parts of a review session that the instructor's Pivot Assets and a student's
 * practice share: mastery colours in words, the grade buttons, the session's state and
 * keys (Space reveals, 1 to 4 grade). Moved here from pivot-assets/pivot-view.ts, which re-exports
 * them, so that both features use one copy (a feature does not import another's files).
 */

/** "75%" of a mastery level 0 to 1. */
export const masteryPercent = (level: number) => `${Math.round(Math.max(0, Math.min(1, level)) * 100)}%`;

/**
 * spec B §4, §9: green at 0.8 or more, amber at 0.6 or more, red below; the colour comes from the
 * shared rule and its words say the same thing for people who do not see colours. `bar` is a CSS
 * colour, set inline by the shared MasteryTrack, so that a bar is filled on every screen whatever
 * stylesheet that screen's chunk loads (a class kept in one screen's CSS left other screens' bars
 * as empty grey tracks).
 */
export const MASTERY_STYLES: Record<MasteryColour, { bar: string; text: string; words: string }> = {
  green: { bar: "var(--color-success)", text: "text-success-soft-foreground", words: "mastered" },
  amber: { bar: "#f59e0b", text: "text-warning-soft-foreground", words: "developing" },
  red: { bar: "var(--color-destructive)", text: "text-destructive-soft-foreground", words: "at risk" },
};
export const masteryStyle = (level: number) => MASTERY_STYLES[masteryColour(level)];

/** What a grade button shows: the interval each grade would schedule ("3 d"), from ts-fsrs through the API. */
export interface GradeIntervals {
  again: string;
  hard: string;
  good: string;
  easy: string;
}
/** An item a review session shows: the instructor's own or a student's. */
export interface SessionItem {
  id: number;
  intervals: GradeIntervals;
}

export type Rating = 1 | 2 | 3 | 4;
export const GRADES: ReadonlyArray<{ rating: Rating; name: string; key: keyof GradeIntervals }> = [
  { rating: 1, name: "Again", key: "again" },
  { rating: 2, name: "Hard", key: "hard" },
  { rating: 3, name: "Good", key: "good" },
  { rating: 4, name: "Easy", key: "easy" },
];

/** The grade buttons of an item, as Anki shows them: "Good · 3 d" (the intervals are the API's, from ts-fsrs). */
export const gradeButtons = (item: Pick<SessionItem, "intervals">) =>
  GRADES.map((grade) => ({
    rating: grade.rating,
    name: grade.name,
    interval: item.intervals[grade.key],
    label: `${grade.name} · ${item.intervals[grade.key]}`,
  }));

/* ---- The review session (Pivot Assets; a student's practice) ---- */

export interface ReviewState<T extends SessionItem = SessionItem> {
  items: T[];
  index: number;
  revealed: boolean;
  /**
   * Grades given in this session, in order; Undo takes the last one back. `requeued`: the grade
   * was Again, so the item was put at the end of this session once more.
   */
  history: Array<{ itemId: number; rating: Rating; requeued: boolean }>;
}

export type ReviewAction<T extends SessionItem = SessionItem> =
  | { type: "start"; items: T[] }
  | { type: "reveal" }
  /** `item`: the item as the server answered the grade (its new intervals), for an Again. */
  | { type: "graded"; rating: Rating; item?: T }
  | { type: "undone"; item: T };

export const emptyReview: ReviewState<never> = { items: [], index: 0, revealed: false, history: [] };

export function reviewReducer<T extends SessionItem>(
  state: ReviewState<T>,
  action: ReviewAction<T>,
): ReviewState<T> {
  switch (action.type) {
    case "start":
      return { items: action.items, index: 0, revealed: false, history: [] };
    case "reveal":
      return currentItem(state) ? { ...state, revealed: true } : state;
    case "graded": {
      const item = currentItem(state);
      if (!item || !state.revealed) return state;
      // Again: the item comes back at the end of this session, as Anki's learning steps do, rather
      // than in the next session only (it was just forgotten; one more try while it is fresh).
      const requeued = action.rating === 1;
      return {
        ...state,
        items: requeued ? [...state.items, action.item ?? item] : state.items,
        index: state.index + 1,
        revealed: false,
        history: [...state.history, { itemId: item.id, rating: action.rating, requeued }],
      };
    }
    case "undone": {
      const last = state.history.at(-1);
      if (!last || state.index === 0) return state;
      // An undone Again takes its copy back off the end (the last one added: grades are undone last first).
      const items = last.requeued ? state.items.slice(0, -1) : state.items.slice();
      // The item comes back as the server restored it (its previous schedule and intervals).
      items[state.index - 1] = action.item;
      return { items, index: state.index - 1, revealed: false, history: state.history.slice(0, -1) };
    }
  }
}

export const currentItem = <T extends SessionItem>(state: ReviewState<T>): T | null =>
  state.items[state.index] ?? null;
export const isFinished = (state: ReviewState<SessionItem>) =>
  state.items.length > 0 && state.index >= state.items.length;
export const lastGraded = (state: ReviewState<SessionItem>) => state.history.at(-1) ?? null;

/** How many different items the session graded (an item graded Again came back and counts once). */
export const itemsReviewed = (state: ReviewState<SessionItem>) =>
  new Set(state.history.map((entry) => entry.itemId)).size;

/** How many of each grade the session gave, for its summary. */
export function reviewSummary(state: ReviewState<SessionItem>) {
  return GRADES.map((grade) => ({
    name: grade.name,
    count: state.history.filter((entry) => entry.rating === grade.rating).length,
  }));
}

/** An item as the review card shows it: one of the instructor's own or one of a student's projects. */
export interface ReviewCardItem extends SessionItem {
  pivotCardTitle: string;
  type: "flashcard" | "concept-check";
  question: string;
  answer: string | null;
  options: string[] | null;
  correctIndex: number | null;
}

/**
 * What a key does on the review card: Space (or Enter) reveals the answer; once it shows, 1 to 4
 * grade (Again, Hard, Good, Easy), as in Anki. A concept check first asks for an option, chosen
 * with A to D (or 1 to 4 before the answer shows); Space without a choice asks for one.
 */
export type CardKey = "reveal" | "choose-first" | { choose: number } | { grade: Rating } | null;

export function cardKeyAction<T extends ReviewCardItem>(
  key: string,
  state: ReviewState<T>,
  chosen: number | null,
): CardKey {
  const item = currentItem(state);
  if (!item) return null;
  if (state.revealed) {
    if (key === "1" || key === "2" || key === "3" || key === "4") return { grade: Number(key) as Rating };
    return null;
  }
  const options = item.type === "concept-check" ? (item.options ?? []) : [];
  if (options.length > 0) {
    const letter = key.length === 1 ? key.toUpperCase().charCodeAt(0) - 65 : -1;
    const digit = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
    const index =
      letter >= 0 && letter < options.length ? letter : digit >= 0 && digit < options.length ? digit : -1;
    if (index >= 0) return { choose: index };
  }
  if (key === " " || key === "Enter")
    return options.length > 0 && chosen === null ? "choose-first" : "reveal";
  return null;
}

/** The option's letter: A, B, C... */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);
