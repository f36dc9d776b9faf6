import { describe, expect, it } from "vitest";
import {
  allowedEdits,
  buildVocabulary,
  closestWord,
  editDistance,
  respell,
  searchWords,
} from "./spelling.ts";

const vocabulary = buildVocabulary([
  "Enzyme Kinetics Investigation: students measure reaction rates",
  "Modelling an Epidemic with differential equations",
  "Community Oral History Archive",
  "Gene Expression Lab and Bioethics Forum",
  "Blockchain Applications after hashing and consensus",
  "Epidemics in history; data for 2024",
]);

describe("editDistance", () => {
  it("counts inserts, drops, changes and swaps of neighbours as one edit each", () => {
    expect(editDistance("enzime", "enzyme", 2)).toBe(1);
    expect(editDistance("kinetcs", "kinetics", 2)).toBe(1);
    expect(editDistance("histroy", "history", 2)).toBe(1);
    expect(editDistance("blokchain", "blockchain", 2)).toBe(1);
    expect(editDistance("expresion", "expression", 2)).toBe(1);
    expect(editDistance("gene", "gene", 1)).toBe(0);
    expect(editDistance("abcdef", "badcfe", 3)).toBe(3);
  });

  it("stops as soon as the words are further apart than asked", () => {
    expect(editDistance("enzyme", "kinetics", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 1)).toBe(2);
  });
});

describe("closestWord", () => {
  it("finds the library word a typo names", () => {
    expect(closestWord("enzime", vocabulary)).toBe("enzyme");
    expect(closestWord("kinetcs", vocabulary)).toBe("kinetics");
    expect(closestWord("epidemc", vocabulary)).toBe("epidemic");
    expect(closestWord("histroy", vocabulary)).toBe("history");
    expect(closestWord("expresion", vocabulary)).toBe("expression");
    expect(closestWord("blokchain", vocabulary)).toBe("blockchain");
  });

  it("allows no edit in short words, one up to five letters and two from six", () => {
    expect([3, 4, 5, 6, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
    expect(closestWord("lob", buildVocabulary(["lab"]))).toBeUndefined();
    expect(closestWord("gane", vocabulary)).toBe("gene");
    expect(closestWord("gxnx", vocabulary)).toBeUndefined();
    expect(closestWord("zzqxvw", vocabulary)).toBeUndefined();
  });

  it("proposes nothing for a word the library holds", () => {
    expect(closestWord("epidemics", vocabulary)).toBeUndefined();
  });

  it("prefers the closest word, then the same first letter, then the most used", () => {
    const words = buildVocabulary(["cart", "part", "part", "dart dart"]);
    expect(closestWord("cpart", words)).toBe("cart"); // same first letter beats more templates
    expect(closestWord("xart", words)).toBe("part"); // in two templates, dart in one
  });

  it("never proposes numbers or words shorter than three letters", () => {
    expect(closestWord("2025", vocabulary)).toBeUndefined();
    expect(vocabulary.words.has("an")).toBe(false);
    expect(vocabulary.words.get("history")).toBe(2);
  });
});

describe("searchWords and respell", () => {
  it("lists the distinct words a typo could be in, without websearch's or", () => {
    expect(searchWords('"Oral Histroy" OR gene -lab 2024 or covid19')).toEqual(["oral", "histroy", "gene"]);
  });

  it("replaces only the corrected words and keeps quotes, or and -", () => {
    const corrections = new Map([
      ["histroy", "history"],
      ["enzime", "enzyme"],
    ]);
    expect(respell('"Oral Histroy" or -Enzime x', corrections)).toBe('"Oral history" or -enzyme x');
  });
});
