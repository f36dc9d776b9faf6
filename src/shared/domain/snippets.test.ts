import { describe, expect, it } from "vitest";
import { escapeHtml, MARK_START, MARK_STOP, markedSnippet } from "./snippets.ts";

const marked = (word: string) => `${MARK_START}${word}${MARK_STOP}`;

describe("markedSnippet", () => {
  it("marks the marked words and escapes everything else", () => {
    const headline = `the <script>alert("x")</script> ${marked("photosynthesis")} & 'light'`;
    expect(markedSnippet(headline)).toBe(
      "the &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>photosynthesis</mark> &amp; &#39;light&#39;",
    );
  });

  it("turns the parser's stand-ins for < > & back before escaping them", () => {
    expect(markedSnippet(`\u0003b\u0004 ${marked("x")} \u0005`)).toBe("&lt;b&gt; <mark>x</mark> &amp;");
  });

  it("escapes markup inside a marked word too", () => {
    expect(markedSnippet(marked("<b>"))).toBe("<mark>&lt;b&gt;</mark>");
  });

  it("closes a mark left open and ignores a stray stop", () => {
    expect(markedSnippet(`a ${MARK_START}b`)).toBe("a <mark>b</mark>");
    expect(markedSnippet(`a${MARK_STOP}b`)).toBe("ab");
  });

  it("escapeHtml leaves plain text as it is", () => {
    expect(escapeHtml("plain words 42")).toBe("plain words 42");
  });
});
