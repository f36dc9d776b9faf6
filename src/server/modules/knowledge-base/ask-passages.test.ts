import { describe, expect, it } from "vitest";
import { matchingPassages, subjectWords } from "./ask-passages.ts";

// Which passages Ask offers as sources: those holding more than half of the question's weight.

describe("matchingPassages", () => {
  it("drops a passage that shares only a word most passages hold, keeps one holding the rare words", () => {
    // 10 passages; "student" is in 8 of them, "lab" and "safeti" in passage 1 only.
    const presence = {
      total: 10,
      words: [
        { word: "student", passages: 8, holders: [1, 2] },
        { word: "lab", passages: 1, holders: [1] },
        { word: "safeti", passages: 1, holders: [1] },
      ],
    };
    expect([...matchingPassages(presence)]).toEqual([1]);
  });

  it("weighs a word found in no passage most, so a question about something absent matches nothing", () => {
    const presence = {
      total: 4,
      words: [
        { word: "volcano", passages: 0, holders: [] },
        { word: "erupt", passages: 0, holders: [] },
        { word: "rule", passages: 2, holders: [7] },
      ],
    };
    expect(matchingPassages(presence).size).toBe(0);
  });

  it("needs more than half: two equally weighted words of four are not enough", () => {
    const word = (name: string, holders: number[]) => ({ word: name, passages: 1, holders });
    const presence = {
      total: 1,
      words: [word("lab", []), word("safeti", []), word("rule", [5]), word("student", [5])],
    };
    expect(matchingPassages(presence).size).toBe(0);
    expect(matchingPassages({ total: 0, words: [] }).size).toBe(0);
  });
});

describe("subjectWords", () => {
  it("leaves out words that ask rather than say what is asked about, and repeats", () => {
    expect(subjectWords(["tell", "lab", "know", "safeti", "lab", "pleas"])).toEqual(["lab", "safeti"]);
  });
});
