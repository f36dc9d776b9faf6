import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TYPES_COMMAND, API_TYPES_FILE, renderApiTypes } from "../../scripts/api-types.ts";
import { createTestApp } from "./test/test-app.ts";

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("the client's API types", () => {
  it("match the OpenAPI document of the server's route schemas", async () => {
    const generated = await renderApiTypes(testApp.app.swagger());
    const committed = fs.readFileSync(path.resolve(API_TYPES_FILE), "utf8");
    expect(
      generated === committed,
      `${API_TYPES_FILE} differs from the server's route schemas: run \`${API_TYPES_COMMAND}\` and commit it`,
    ).toBe(true);
  });
});
