import { describe, expect, it } from "vitest";
import { MARK_START, MARK_STOP, markedSnippet, plainSnippet } from "./snippets.ts";

const marked = (word: string) => `${MARK_START}${word}${MARK_STOP}`;

describe("markedSnippet", () => {
  it("marks the marked words and keeps everything else as text, markup included", () => {
    const headline = `the <script>alert("x")</script> ${marked("photosynthesis")} & 'light'`;
    expect(markedSnippet(headline)).toEqual([
      { text: `the <script>alert("x")</script> `, marked: false },
      { text: "photosynthesis", marked: true },
      { text: " & 'light'", marked: false },
    ]);
  });

  it("turns the parser's stand-ins for < > & back", () => {
    expect(markedSnippet(`\u0003b\u0004 ${marked("x")} \u0005`)).toEqual([
      { text: "<b> ", marked: false },
      { text: "x", marked: true },
      { text: " &", marked: false },
    ]);
  });

  it("keeps markup inside a marked word as text", () => {
    expect(markedSnippet(marked("<b>"))).toEqual([{ text: "<b>", marked: true }]);
  });

  it("marks the rest after a mark left open and ignores a stray stop", () => {
    expect(markedSnippet(`a ${MARK_START}b`)).toEqual([
      { text: "a ", marked: false },
      { text: "b", marked: true },
    ]);
    expect(markedSnippet(`a${MARK_STOP}b`)).toEqual([{ text: "ab", marked: false }]);
  });

  it("joins neighbouring marks and drops empty parts", () => {
    expect(markedSnippet(`${marked("one")}${marked(" two")}${marked("")}`)).toEqual([
      { text: "one two", marked: true },
    ]);
  });
});

describe("plainSnippet", () => {
  it("is the text unmarked, or nothing for no text", () => {
    expect(plainSnippet("plain <words> 42")).toEqual([{ text: "plain <words> 42", marked: false }]);
    expect(plainSnippet("")).toEqual([]);
  });
});
