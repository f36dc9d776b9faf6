import { describe, expect, it } from "vitest";
import { initials, inviteMailto, sortContributions } from "./collaboration.ts";

describe("collaboration rules (spec A §2)", () => {
  it("takes the initials of up to two words", () => {
    expect(initials("maya chen")).toBe("MC");
    expect(initials("Jean Paul Sartre")).toBe("JP");
    expect(initials("  Ada ")).toBe("A");
  });

  it("sorts newest first with the faculty member's own contributions first", () => {
    const rows = [
      { id: 1, createdAt: "2026-01-01T10:00:00Z", studentEmail: "a@s.test" },
      { id: 2, createdAt: "2026-01-03T10:00:00Z", studentEmail: null },
      { id: 3, createdAt: "2026-01-02T10:00:00Z", studentEmail: "Me@Uni.test" },
    ];
    expect(sortContributions(rows, "me@uni.test").map((row) => row.id)).toEqual([3, 2, 1]);
    expect(sortContributions(rows, undefined).map((row) => row.id)).toEqual([2, 3, 1]);
  });

  it("drafts the invitation with the link and the instructor's name, or the fallback", () => {
    const mail = decodeURIComponent(inviteMailto("https://pl.test/contribute/abc", "Dr. Ada"));
    expect(mail).toContain("https://pl.test/contribute/abc");
    expect(mail).toContain("Dr. Ada");
    expect(decodeURIComponent(inviteMailto("https://pl.test", undefined))).toContain("Your Instructor");
  });
});
