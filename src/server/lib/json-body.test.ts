import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJsonBody } from "./json-body.ts";

describe("parseJsonBody", () => {
  it("parses a body, and an empty one as no body", () => {
    expect(parseJsonBody('{"itemId":3,"rating":4,"note":"caf\\u00e9"}')).toEqual({
      itemId: 3,
      rating: 4,
      note: "café",
    });
    expect(parseJsonBody("")).toBeUndefined();
  });

  it("refuses a __proto__ key, written plainly or escaped, at any depth", () => {
    for (const text of [
      '{"__proto__":{"admin":true}}',
      '{"a":{"__proto__":1}}',
      '{"\\u005f_proto__":{"admin":true}}',
      '{"a":[{"__pr\\u006fto__":1}]}',
    ])
      expect(() => parseJsonBody(text), text).toThrow("The request body is not valid JSON.");
    // The text is allowed as a value.
    expect(parseJsonBody('{"note":"__proto__"}')).toEqual({ note: "__proto__" });
  });

  it("refuses bodies nested deeper than MAX_JSON_DEPTH and text that is not JSON", () => {
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`;
    expect(() => parseJsonBody(deep)).toThrow("nested too deeply");
    expect(() => parseJsonBody("{not json")).toThrow("The request body is not valid JSON.");
  });
});
