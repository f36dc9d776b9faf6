import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the HTTP surface", () => {
  it("answers health once the database is ready", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: "ok" });
  });

  it("serves an OpenAPI document of the routes", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(reply.statusCode).toBe(200);
    expect(Object.keys(reply.json().paths)).toEqual(
      expect.arrayContaining(["/api/auth/login", "/api/faculty/{id}"]),
    );
  });

  it("answers an unknown API path with a JSON 404 message", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe("No route for GET /api/no-such-thing");
  });

  it("sets security headers", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(reply.headers["content-security-policy"])).toContain("default-src 'self'");
  });
});
