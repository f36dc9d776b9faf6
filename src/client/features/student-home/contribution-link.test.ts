import { describe, expect, it } from "vitest";
import { contributionTokenFrom } from "./contribution-link.ts";

describe("contributionTokenFrom", () => {
  it("reads the token from a whole link, a path or the token alone", () => {
    expect(contributionTokenFrom(" https://pl.example.edu/contribute/Ab3_x-9QrsT?ref=mail ")).toBe(
      "Ab3_x-9QrsT",
    );
    expect(contributionTokenFrom("/contribute/Ab3_x-9QrsT")).toBe("Ab3_x-9QrsT");
    expect(contributionTokenFrom("Ab3_x-9QrsT")).toBe("Ab3_x-9QrsT");
  });

  it("finds nothing in text that is not a link", () => {
    expect(contributionTokenFrom("")).toBeUndefined();
    expect(contributionTokenFrom("my teacher's link")).toBeUndefined();
    expect(contributionTokenFrom("https://pl.example.edu/dashboard")).toBeUndefined();
    expect(contributionTokenFrom("https://pl.example.edu/contribute/%E0%A4%A")).toBeUndefined();
  });
});
