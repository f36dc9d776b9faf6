import { describe, expect, it } from "vitest";
import { JOIN_CODE_ALPHABET, newJoinCode, normaliseJoinCode } from "./join-code.ts";

describe("join codes", () => {
  it("uses 8 characters of an alphabet without look-alikes", () => {
    for (const char of "0O1IL") expect(JOIN_CODE_ALPHABET).not.toContain(char);
    const codes = new Set(Array.from({ length: 500 }, newJoinCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it("reads a typed code case-blind, ignoring spaces and dashes, and refuses anything else", () => {
    expect(normaliseJoinCode("abcd-2345")).toBe("ABCD2345");
    expect(normaliseJoinCode(" AB CD 23 45 ")).toBe("ABCD2345");
    expect(normaliseJoinCode("ABCD234")).toBeNull();
    expect(normaliseJoinCode("ABCD2340")).toBeNull();
    expect(normaliseJoinCode("ABCDO345")).toBeNull();
  });
});
