import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Template } from "#shared/schemas/templates.ts";
import { createTemplateViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { seedTemplateLibrary } from "./templates.seed.ts";
import { TEMPLATE_SEEDS } from "./templates.seed-data.ts";

// Search ranking on the library shipped with the product (templates.test.ts covers the rest).

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedTemplateLibrary(t.database.db);
  headers = (await signedInFaculty(t.app, t.database.db)).headers;
});
afterAll(() => t?.close());

const names = async (q: string, as = headers) => {
  const reply = await t.app.inject({
    method: "GET",
    url: `/api/templates/search?q=${encodeURIComponent(q)}`,
    headers: as,
  });
  expect(reply.statusCode, q).toBe(200);
  return (reply.json() as Template[]).map((template) => template.name);
};

describe("typo tolerance, word by word", () => {
  it.each([
    ["blokchain", "Blockchain Applications"],
    ["epidemc", "Modelling an Epidemic"],
    ["oral histroy", "Community Oral History Archive"],
    ["gene expresion", "Gene Expression Lab and Bioethics Forum"],
    ["enzime", "Enzyme Kinetics Investigation"],
    ["enzime kinetcs", "Enzyme Kinetics Investigation"],
    ["enzyme kinetcs", "Enzyme Kinetics Investigation"], // one word right, one wrong
    ["enzyme catalse", "Enzyme Kinetics Investigation"], // the wrong one only in the description
    ["catalase amylse", "Enzyme Kinetics Investigation"],
    ["Enzime Kinetics", "Enzyme Kinetics Investigation"],
    ['"enzime kinetics"', "Enzyme Kinetics Investigation"], // inside quotes too
  ])("%s finds %s first", async (q, expected) => {
    expect((await names(q))[0]).toBe(expected);
  });

  it("ranks the corrected search as the same words spelt right", async () => {
    expect(await names("enzime kinetcs")).toEqual(await names("enzyme kinetics"));
    expect(await names("oral histroy")).toEqual(await names("oral history"));
  });

  it("leaves searches that match as they are, and finds nothing for words the library lacks", async () => {
    expect((await names("enzyme"))[0]).toBe("Enzyme Kinetics Investigation");
    expect(await names("zzqxvw")).toEqual([]);
    expect(await names("enzyme zzqxvw")).toEqual([]);
  });

  it("learns the words of a template added later", async () => {
    expect(await names("aquaponics")).toEqual([]);
    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
    await createTemplateViaApi(t.app, admin.headers, {
      name: "Aquaponics Systems Design",
      description: "Students design an aquaponics loop after mastering nitrogen cycling.",
      discipline: "biology",
    });
    expect((await names("aquaponcs"))[0]).toBe("Aquaponics Systems Design");
  });
});

describe("GET /api/templates/disciplines", () => {
  const disciplines = async (as = headers) => {
    const reply = await t.app.inject({ method: "GET", url: "/api/templates/disciplines", headers: as });
    expect(reply.statusCode).toBe(200);
    return reply.json() as string[];
  };

  it("lists every discipline of the library the caller sees, a pending one once approved", async () => {
    const seeded = [...new Set(TEMPLATE_SEEDS.map((seed) => seed.discipline))].sort();
    expect(await disciplines()).toEqual(expect.arrayContaining(seeded));
    expect(await disciplines()).not.toContain("psychology");

    const author = await signedInFaculty(t.app, t.database.db);
    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
    const pending = await createTemplateViaApi(t.app, author.headers, { discipline: "psychology" });
    expect(await disciplines()).not.toContain("psychology");
    expect(await disciplines(author.headers)).toContain("psychology"); // the author sees it in searches
    expect(await disciplines(admin.headers)).toContain("psychology");

    await t.app.inject({
      method: "POST",
      url: `/api/templates/${pending.id}/approve`,
      headers: admin.headers,
    });
    expect(await disciplines()).toContain("psychology");
    const list = await disciplines();
    expect(list).toEqual([...list].sort());
  });
});
