import { describe, expect, it } from "vitest";
import { toAnki } from "./anki-export.ts";

describe("Anki", () => {
  it("writes Anki's header lines and tab-separated front, back, tags, escaping HTML", () => {
    expect(toAnki([{ front: "a < b\tc", back: "one\ntwo", tags: ["data science", "x"] }])).toBe(
      "#separator:tab\n#html:true\n#columns:Front\tBack\tTags\n#tags column:3\na &lt; b c\tone<br>two\tdata_science x\n",
    );
  });
  it("writes a double quote as HTML, so that no field is read as quoted", () => {
    expect(toAnki([{ front: '"Hi" she said', back: "hello", tags: [] }])).toContain(
      "&quot;Hi&quot; she said\thello\t\n",
    );
  });
});
