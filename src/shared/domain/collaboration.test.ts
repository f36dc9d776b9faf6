import { describe, expect, it } from "vitest";
import { collaborationFilters, initials, inviteMailto } from "./collaboration.ts";

describe("collaboration rules (spec A §2)", () => {
  it("takes the initials of up to two words", () => {
    expect(initials("maya chen")).toBe("MC");
    expect(initials("Jean Paul Sartre")).toBe("JP");
    expect(initials("  Ada ")).toBe("A");
  });

  it("combines a tab with the Type and Status filters, or says nothing can match", () => {
    expect(collaborationFilters("all", "all", "all")).toEqual({});
    expect(collaborationFilters("pending", "question", "all")).toEqual({
      status: "pending",
      type: "question",
    });
    expect(collaborationFilters("pending", "all", "pending")).toEqual({ status: "pending" });
    expect(collaborationFilters("pending", "all", "approved")).toBeNull();
    expect(collaborationFilters("suggestion", "all", "implemented")).toEqual({
      type: "suggestion",
      status: "implemented",
    });
    expect(collaborationFilters("reflection", "suggestion", "all")).toBeNull();
    expect(collaborationFilters("all", "feedback", "rejected")).toEqual({
      type: "feedback",
      status: "rejected",
    });
  });

  it("drafts the invitation with the link and the instructor's name, or the fallback", () => {
    const mail = decodeURIComponent(inviteMailto("https://pl.test/contribute/abc", "Dr. Ada"));
    expect(mail).toContain("https://pl.test/contribute/abc");
    expect(mail).toContain("Dr. Ada");
    expect(decodeURIComponent(inviteMailto("https://pl.test", undefined))).toContain("Your Instructor");
  });
});
