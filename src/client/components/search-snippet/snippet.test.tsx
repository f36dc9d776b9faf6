import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseSnippet, unescapeEntities } from "./snippet.ts";
import { SnippetText } from "./snippet-text.tsx";

describe("parseSnippet", () => {
  it("splits text and marked words, in order", () => {
    expect(parseSnippet("The <mark>enzyme</mark> binds its <mark>substrate</mark>.")).toEqual([
      { text: "The ", marked: false },
      { text: "enzyme", marked: true },
      { text: " binds its ", marked: false },
      { text: "substrate", marked: true },
      { text: ".", marked: false },
    ]);
  });

  it("turns the server's entities back into the characters of the document", () => {
    expect(parseSnippet("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#x27; <mark>x &amp; y</mark>")).toEqual([
      { text: `a <b> & "c" 'd' `, marked: false },
      { text: "x & y", marked: true },
    ]);
  });

  it("unescapes once only: an escaped entity stays an entity", () => {
    expect(unescapeEntities("&amp;lt;script&amp;gt;")).toBe("&lt;script&gt;");
  });

  it("leaves unknown entities and code points that are not characters as written", () => {
    expect(unescapeEntities("&bogus; &#0; &#xD800; &#x1F600;")).toBe("&bogus; &#0; &#xD800; 😀");
  });

  it("treats an unclosed mark as marking the rest, and drops a stray closing tag", () => {
    expect(parseSnippet("a </mark>b <mark>c")).toEqual([
      { text: "a b ", marked: false },
      { text: "c", marked: true },
    ]);
  });

  it("joins neighbouring marks and drops empty parts", () => {
    expect(parseSnippet("<mark>one</mark><mark> two</mark><mark></mark>")).toEqual([
      { text: "one two", marked: true },
    ]);
  });
});

describe("SnippetText", () => {
  it("renders marks as <mark> and any other markup as plain text", () => {
    const { container } = render(
      <p>
        <SnippetText
          snippet={'&lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror="y"> <mark>kinetics</mark>'}
        />
      </p>,
    );
    const marks = container.querySelectorAll("mark");
    expect([...marks].map((mark) => mark.textContent)).toEqual(["kinetics"]);
    // Nothing but the mark became an element: the escaped script and the raw <img> are text.
    expect(container.querySelectorAll("script, img")).toHaveLength(0);
    expect(container.textContent).toBe('<script>alert(1)</script> <img src=x onerror="y"> kinetics');
  });
});
