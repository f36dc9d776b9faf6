import { describe, expect, it } from "vitest";
import type { ReviewState } from "#client/lib/review-session.ts";
import type { StudentPracticeItem } from "#shared/schemas/student.ts";
import { practiceKeyAction } from "./practice-view.ts";

const base: StudentPracticeItem = {
  id: 1,
  projectId: 1,
  projectTitle: "P",
  pivotCardId: 1,
  pivotCardTitle: "C",
  discipline: "economics",
  type: "flashcard",
  question: "Q?",
  answer: "A.",
  options: null,
  correctIndex: null,
  state: "new",
  nextDue: "2026-09-01T09:00:00.000Z",
  intervals: { again: "1 min", hard: "6 min", good: "10 min", easy: "8 d" },
};
const check: StudentPracticeItem = {
  ...base,
  id: 2,
  type: "concept-check",
  answer: null,
  options: ["x", "y", "z"],
  correctIndex: 1,
};
const state = (item: StudentPracticeItem, revealed = false): ReviewState<StudentPracticeItem> => ({
  items: [item],
  index: 0,
  revealed,
  history: [],
});

describe("practiceKeyAction", () => {
  it("reveals a flashcard with Space or Enter and grades with 1 to 4 only once revealed", () => {
    expect(practiceKeyAction(" ", state(base), null)).toBe("reveal");
    expect(practiceKeyAction("Enter", state(base), null)).toBe("reveal");
    expect(practiceKeyAction("3", state(base), null)).toBeNull();
    expect(practiceKeyAction("3", state(base, true), null)).toEqual({ grade: 3 });
    expect(practiceKeyAction("5", state(base, true), null)).toBeNull();
    expect(practiceKeyAction(" ", state(base, true), null)).toBeNull();
  });

  it("asks a concept check's option first (letters or digits), then reveals", () => {
    expect(practiceKeyAction(" ", state(check), null)).toBe("choose-first");
    expect(practiceKeyAction("b", state(check), null)).toEqual({ choose: 1 });
    expect(practiceKeyAction("C", state(check), null)).toEqual({ choose: 2 });
    expect(practiceKeyAction("d", state(check), null)).toBeNull();
    expect(practiceKeyAction("1", state(check), null)).toEqual({ choose: 0 });
    expect(practiceKeyAction(" ", state(check), 1)).toBe("reveal");
    expect(practiceKeyAction("2", state(check, true), 1)).toEqual({ grade: 2 });
  });

  it("does nothing when the session has no current item", () => {
    expect(practiceKeyAction(" ", { items: [], index: 0, revealed: false, history: [] }, null)).toBeNull();
  });
});
