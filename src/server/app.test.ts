import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_HEADER_OPTIONS } from "./lib/http-basics.ts";
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

  it("sets helmet's security headers on every answer: API, error, unknown path and page", async () => {
    // What helmet's own middleware sets on a real response with the app's options.
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(SECURITY_HEADER_OPTIONS)(response.req, response, () => undefined);
    const expected = Object.fromEntries(
      Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    expect(expected["x-content-type-options"]).toBe("nosniff");
    expect(expected["content-security-policy"]).toContain("default-src 'self'");
    for (const url of ["/api/health", "/api/auth/me", "/api/no-such-thing", "/", "/login"]) {
      const reply = await t.app.inject({ method: "GET", url });
      expect(reply.headers, url).toMatchObject(expected);
    }
  });
});
