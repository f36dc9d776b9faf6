import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIFFICULTY_LEVELS, TEMPLATE_CATEGORIES, TEMPLATE_DISCIPLINES } from "#shared/constants.ts";
import { createTemplateSchema } from "#shared/schemas/templates.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { seedTemplateLibrary } from "./templates.seed.ts";
import { TEMPLATE_SEEDS } from "./templates.seed-data.ts";

const countBy = (key: "discipline" | "category" | "difficultyLevel") =>
  TEMPLATE_SEEDS.reduce<Record<string, number>>((counts, seed) => {
    counts[seed[key]] = (counts[seed[key]] ?? 0) + 1;
    return counts;
  }, {});

describe("the library shipped with the product", () => {
  it("has at least 30 valid templates with unique keys and names", () => {
    expect(TEMPLATE_SEEDS.length).toBeGreaterThanOrEqual(30);
    for (const { seedKey, ...input } of TEMPLATE_SEEDS) {
      const parsed = createTemplateSchema.safeParse(input);
      expect(parsed.success, `${seedKey}: ${parsed.error?.issues[0]?.message}`).toBe(true);
      expect(input.template.phases.length, seedKey).toBeGreaterThanOrEqual(4);
      expect(input.template.phases.length, seedKey).toBeLessThanOrEqual(8);
      expect(input.template.deliverables.length, seedKey).toBeGreaterThan(0);
      expect(input.template.tools.length, seedKey).toBeGreaterThan(0);
      expect(input.learningOutcomes.length, seedKey).toBeGreaterThan(0);
      expect(input.implementationTips.length, seedKey).toBeGreaterThan(0);
      expect(input.estimatedDuration, seedKey).toMatch(/\d/);
    }
    expect(new Set(TEMPLATE_SEEDS.map((seed) => seed.seedKey)).size).toBe(TEMPLATE_SEEDS.length);
    expect(new Set(TEMPLATE_SEEDS.map((seed) => seed.name)).size).toBe(TEMPLATE_SEEDS.length);
  });

  it("covers every discipline, category and difficulty of the filters, about a third featured", () => {
    const disciplines = countBy("discipline");
    const categories = countBy("category");
    const difficulties = countBy("difficultyLevel");
    for (const discipline of TEMPLATE_DISCIPLINES)
      expect(disciplines[discipline], discipline).toBeGreaterThanOrEqual(1);
    for (const category of TEMPLATE_CATEGORIES)
      expect(categories[category], category).toBeGreaterThanOrEqual(1);
    for (const level of DIFFICULTY_LEVELS) expect(difficulties[level], level).toBeGreaterThanOrEqual(1);
    const featured = TEMPLATE_SEEDS.filter((seed) => seed.isFeatured).length / TEMPLATE_SEEDS.length;
    expect(featured).toBeGreaterThan(0.25);
    expect(featured).toBeLessThan(0.42);
  });

  it("includes the two featured templates the dashboard shows", () => {
    expect(TEMPLATE_SEEDS.find((seed) => seed.name === "Blockchain Applications")).toMatchObject({
      isFeatured: true,
      estimatedDuration: "8-12 weeks",
    });
    expect(TEMPLATE_SEEDS.find((seed) => seed.name === "Data Science Project")).toMatchObject({
      isFeatured: true,
      estimatedDuration: "6-10 weeks",
    });
  });
});

describe("seeding", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("adds the library once, keeps an admin's edits and does not bring back a deleted template", async () => {
    expect(await seedTemplateLibrary(t.database.db)).toBe(TEMPLATE_SEEDS.length);
    expect(await seedTemplateLibrary(t.database.db)).toBe(0);

    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
    const all = await t.app.inject({
      method: "GET",
      url: "/api/templates/search?limit=500",
      headers: admin.headers,
    });
    expect(all.json()).toHaveLength(TEMPLATE_SEEDS.length);
    expect(all.json().every((template: { status: string }) => template.status === "approved")).toBe(true);
    const [first, second] = all.json() as Array<{ id: number; name: string }>;
    if (!first || !second) throw new Error("seeded templates missing");
    await t.app.inject({
      method: "PUT",
      url: `/api/templates/${first.id}`,
      headers: admin.headers,
      payload: { name: "Renamed by an admin" },
    });
    await t.app.inject({ method: "DELETE", url: `/api/templates/${second.id}`, headers: admin.headers });

    expect(await seedTemplateLibrary(t.database.db)).toBe(0);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/templates/search?limit=500",
      headers: admin.headers,
    });
    const names = after.json().map((template: { name: string }) => template.name);
    expect(after.json()).toHaveLength(TEMPLATE_SEEDS.length - 1);
    expect(names).toContain("Renamed by an admin");
    expect(names).not.toContain(first.name);
    expect(names).not.toContain(second.name);
  });
});
