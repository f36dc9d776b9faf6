import { describe, expect, it } from "vitest";
import { createProjectSchema } from "../schemas/projects.ts";
import { copyTitle } from "./projects.ts";

describe("copyTitle", () => {
  it("adds (copy) to the title", () => {
    expect(copyTitle("Harbour Ecology Lab")).toBe("Harbour Ecology Lab (copy)");
  });

  it("shortens a long title so that the copy is still a valid title", () => {
    const copy = copyTitle("x".repeat(160));
    expect(copy).toHaveLength(160);
    expect(copy.endsWith(" (copy)")).toBe(true);
    expect(createProjectSchema.shape.title.safeParse(copy).success).toBe(true);
  });
});
