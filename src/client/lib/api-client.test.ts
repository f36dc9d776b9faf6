import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, answerOf, api, apiRequest, getErrorMessage, pageOf } from "./api-client.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] ?? {};

describe("apiRequest (spec A §7 shared request behaviour)", () => {
  it("sends JSON, credentials and the stored bearer session", async () => {
    localStorage.setItem("sessionId", "abc");
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(apiRequest("POST", "/api/x", { body: { a: 1 } })).resolves.toEqual({ ok: true });
    const init = lastInit();
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({ "Content-Type": "application/json", Authorization: "Bearer abc" });
    expect(init.body).toBe('{"a":1}');
  });

  it("sends no Authorization header without a stored session, and `{}` for a write without payload", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest("POST", "/api/auth/logout")).resolves.toBeUndefined();
    expect(lastInit().headers).toEqual({ "Content-Type": "application/json" });
    expect(lastInit().body).toBe("{}");
  });

  it("throws '{status}: {body}' for a non-OK reply, keeping the body", async () => {
    const body = JSON.stringify({ message: "Invalid email or password." });
    fetchMock.mockResolvedValue(new Response(body, { status: 401, statusText: "Unauthorized" }));
    const error = await apiRequest("POST", "/api/auth/login", { body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${body}`);
    expect((error as ApiError).status).toBe(401);
    expect(getErrorMessage(error, "fallback")).toBe("Invalid email or password.");
  });

  it("uses the status text when the body is empty", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 500, statusText: "Internal Server Error" }));
    const error = await apiRequest("GET", "/api/x").catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("500: Internal Server Error");
    expect(getErrorMessage(error, "Something failed")).toBe("Something failed");
  });
});

describe("the typed client (spec A §7 shared request behaviour)", () => {
  it("sends JSON, credentials and the stored bearer session", async () => {
    localStorage.setItem("sessionId", "abc");
    fetchMock.mockResolvedValue(Response.json({ value: "blockchain", label: "Blockchain" }, { status: 201 }));
    const body = { name: "Blockchain" };
    await expect(answerOf(api.POST("/api/disciplines", { body }))).resolves.toEqual({
      value: "blockchain",
      label: "Blockchain",
    });
    const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
    expect(url).toBe("/api/disciplines");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({ "Content-Type": "application/json", Authorization: "Bearer abc" });
    expect(init.body).toBe('{"name":"Blockchain"}');
  });

  it("sends no Authorization header without a stored session, and `{}` for a write without payload", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(answerOf(api.POST("/api/auth/logout"))).resolves.toBeUndefined();
    expect(lastInit().headers).toEqual({ "Content-Type": "application/json" });
    expect(lastInit().body).toBe("{}");
  });

  it("sends no body with a GET, and its query in the path without empty values", async () => {
    fetchMock.mockResolvedValue(Response.json([], { headers: { "X-Total-Count": "42" } }));
    await expect(
      pageOf(api.GET("/api/admin/users", { params: { query: { q: "", limit: 10, offset: undefined } } })),
    ).resolves.toEqual({
      items: [],
      total: 42,
    });
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe("/api/admin/users?limit=10");
    expect(lastInit().body).toBeUndefined();
  });

  it("throws '{status}: {body}' for a non-OK reply, keeping the body", async () => {
    const body = JSON.stringify({ message: "Invalid email or password." });
    fetchMock.mockResolvedValue(new Response(body, { status: 401, statusText: "Unauthorized" }));
    const error = await api
      .POST("/api/auth/login", { body: { email: "a@b.c", password: "x" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${body}`);
    expect((error as ApiError).status).toBe(401);
    expect(getErrorMessage(error, "fallback")).toBe("Invalid email or password.");
  });

  it("uses the status text when the body is empty", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 500, statusText: "Internal Server Error" }));
    const error = await api.GET("/api/health").catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("500: Internal Server Error");
    expect(getErrorMessage(error, "Something failed")).toBe("Something failed");
  });
});

describe("getErrorMessage", () => {
  it("reads the message of a '{status}: {json}' error and falls back otherwise", () => {
    expect(getErrorMessage(new Error('403: {"message":"Nope"}'), "fallback")).toBe("Nope");
    expect(getErrorMessage(new Error("403: plain text"), "fallback")).toBe("fallback");
    expect(getErrorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
    expect(getErrorMessage("weird", "fallback")).toBe("fallback");
  });
});
