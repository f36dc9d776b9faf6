import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { converterDisciplineLabel, templateConversion } from "#shared/domain/conversions.ts";
import type { GenerateEvent } from "#shared/schemas/conversions.ts";
import { createConversionViaApi, signedInFaculty } from "../../test/factories.ts";
import { type OpenAiStub, STUB_MODEL, startOpenAiStub, stubOpenAiConfig } from "../../test/openai-stub.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { NO_KEY_REASON } from "./objective-conversions.service.ts";

let stub: OpenAiStub;
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;

const TIMEOUT_MS = 400;
const openai = (baseUrl: string, apiKey?: string) =>
  stubOpenAiConfig(baseUrl, { apiKey, timeoutMs: TIMEOUT_MS });

beforeAll(async () => {
  stub = await startOpenAiStub();
  t = await createTestApp({ config: { openai: openai(stub.baseUrl) } });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const input = {
  originalObjective: "Students will be able to apply regression analysis to real datasets.",
  discipline: "data-science",
  context: "Second-year course, 40 students, partnered with the city transport office.",
};

async function generate(headers: Record<string, string>, body: Record<string, unknown> = input, app = t.app) {
  const response = await app.inject({
    method: "POST",
    url: "/api/objective-conversions/generate",
    headers,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("application/x-ndjson");
  const events = response.body
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GenerateEvent);
  const done = events.at(-1);
  if (done?.type !== "done") throw new Error(`stream did not end with done: ${response.body}`);
  return { events, done };
}

const setPersonalKey = async (who: typeof alice, apiKey: string, app = t.app) => {
  const response = await app.inject({
    method: "PUT",
    url: `/api/faculty/${who.faculty.id}/api-key`,
    headers: who.headers,
    payload: { apiKey },
  });
  expect(response.statusCode).toBe(200);
};

describe("generating a framework", () => {
  it("uses the discipline's template when no key is configured, and says so", async () => {
    const { events, done } = await generate(alice.headers);
    expect(events[0]).toEqual({ type: "start", source: "template", reason: NO_KEY_REASON });
    expect(done).toEqual({
      type: "done",
      source: "template",
      text: templateConversion("data-science", input),
    });
    expect(done.text).toContain(input.context);
    expect(stub.requests).toHaveLength(0);
  });

  it("streams the model's answer with the caller's key and a prompt that uses the context", async () => {
    await setPersonalKey(alice, "sk-stub-alice-personal-key-0001");
    const { events, done } = await generate(alice.headers);
    expect(events[0]).toEqual({ type: "start", source: "model", model: STUB_MODEL });
    const deltas = events.filter((event) => event.type === "delta");
    expect(deltas.length).toBeGreaterThan(2);
    expect(done.source).toBe(STUB_MODEL);
    expect(deltas.map((event) => (event.type === "delta" ? event.text : "")).join("")).toBe(done.text);

    const request = stub.requests.at(-1);
    expect(request).toMatchObject({
      path: "/v1/chat/completions",
      apiKey: "sk-stub-alice-personal-key-0001",
    });
    const body = request?.body as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body).toMatchObject({ model: STUB_MODEL, stream: true });
    expect(body.messages[0]?.content).toContain("Pivot-and-Launch");
    const prompt = body.messages.at(-1)?.content ?? "";
    expect(prompt).toContain(input.originalObjective);
    expect(prompt).toContain(input.context);
    expect(prompt).toContain(converterDisciplineLabel("data-science"));
    expect(done.text).toContain(input.context);
  });

  it("keeps streaming piece by piece when the browser accepts compressed answers", async () => {
    // A real connection (inject buffers the whole answer): the provider holds its answer after the
    // first piece, and that piece must reach the browser before the provider goes on.
    const live = await createTestApp({
      database: t.database,
      config: { openai: stubOpenAiConfig(stub.baseUrl, { timeoutMs: 30_000 }) },
    });
    try {
      const origin = await live.app.listen({ port: 0, host: "127.0.0.1" });
      const who = await signedInFaculty(live.app, t.database.db);
      await setPersonalKey(who, "sk-stub-gated-key-000000000", live.app);
      const response = await fetch(`${origin}/api/objective-conversions/generate`, {
        method: "POST",
        headers: { ...who.headers, "content-type": "application/json", "accept-encoding": "br, gzip" },
        body: JSON.stringify(input),
      });
      expect(response.headers.get("content-encoding")).toBeNull();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let received = "";
      while (!received.includes('"type":"delta"')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before its first piece: ${received}`);
        received += decoder.decode(value, { stream: true });
      }
      expect(received).not.toContain('"type":"done"');
      stub.release();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        received += decoder.decode(next.value, { stream: true });
      }
      expect(received).toContain('"type":"done"');
      expect(received).not.toContain('"type":"fallback"');
    } finally {
      stub.release();
      await live.app.close();
    }
  });

  it.each([
    ["refuses the key", "sk-stub-invalid-key-000000", "refused the API key"],
    ["fails", "sk-stub-fail-key-0000000000", "HTTP 500"],
    ["hangs", "sk-stub-hang-key-0000000000", `within ${TIMEOUT_MS} ms`],
    ["answers garbage", "sk-stub-garbage-key-0000000", "The AI provider"],
    ["drops the connection midway", "sk-stub-midway-key-00000000", "The AI provider"],
  ])("falls back to the template when the provider %s", async (_, apiKey, reason) => {
    const who = await signedInFaculty(t.app, t.database.db);
    await setPersonalKey(who, apiKey);
    const { events, done } = await generate(who.headers);
    const fallback = events.find((event) => event.type === "fallback");
    expect(fallback?.type === "fallback" && fallback.reason).toContain(reason);
    expect(fallback?.type === "fallback" && fallback.reason).toContain("built-in template was used");
    expect(done).toEqual({
      type: "done",
      source: "template",
      text: templateConversion("data-science", input),
    });
    expect(JSON.stringify(events)).not.toContain(apiKey);
  });

  it("keeps the right key: personal over system over the environment", async () => {
    const app = await createTestApp({
      database: t.database,
      config: { openai: openai(stub.baseUrl, "sk-stub-environment-key-0000") },
    });
    try {
      const owner = await signedInFaculty(app.app, app.database.db, { role: "super_admin" });
      const other = await signedInFaculty(app.app, app.database.db);
      const lastKey = () => stub.requests.at(-1)?.apiKey;
      const status = async (who: typeof owner) =>
        (await app.app.inject({ method: "GET", url: "/api/ai/status", headers: who.headers })).json();

      await generate(other.headers, input, app.app);
      expect(lastKey()).toBe("sk-stub-environment-key-0000");
      expect(await status(other)).toEqual({ keySource: "environment", model: STUB_MODEL });

      const system = await app.app.inject({
        method: "PUT",
        url: "/api/admin/settings/openai-key",
        headers: owner.headers,
        payload: { apiKey: "sk-stub-system-default-key-00" },
      });
      expect(system.statusCode).toBe(200);
      await generate(other.headers, input, app.app);
      expect(lastKey()).toBe("sk-stub-system-default-key-00");
      expect(await status(other)).toEqual({ keySource: "system", model: STUB_MODEL });

      await setPersonalKey(other, "sk-stub-other-personal-key-0", app.app);
      await generate(other.headers, input, app.app);
      expect(lastKey()).toBe("sk-stub-other-personal-key-0");
      expect(await status(other)).toEqual({ keySource: "personal", model: STUB_MODEL });
      // The database is the file's: the system key must not reach the tests after this one.
      const removed = await app.app.inject({
        method: "DELETE",
        url: "/api/admin/settings/openai-key",
        headers: owner.headers,
      });
      expect(removed.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("answers 400 with a message for bad input", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...input, originalObjective: "too short" }, "Objective must be at least 10 characters"],
      [{ ...input, originalObjective: "x".repeat(5001) }, "Objective must be at most 5,000 characters"],
      [{ ...input, discipline: "astrology" }, "Please select a discipline"],
      [{ ...input, discipline: "" }, "Please select a discipline"],
      [{ ...input, context: "x".repeat(2001) }, "Additional context must be at most 2,000 characters"],
    ];
    for (const [payload, message] of cases) {
      const response = await inject({
        method: "POST",
        url: "/api/objective-conversions/generate",
        headers: alice.headers,
        payload,
      });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it("accepts a discipline written as its label (spec normalisation)", async () => {
    const { done } = await generate(bob.headers, { ...input, discipline: "Data Science" });
    expect(done.text).toBe(templateConversion("data-science", input));
  });
});

describe("saved conversions", () => {
  it("saves with its source, records objective_converted and lists newest first", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const first = await createConversionViaApi(t.app, who.headers, { discipline: "fintech" });
    const second = await createConversionViaApi(t.app, who.headers, {
      source: STUB_MODEL,
      discipline: "Data Science",
    });
    expect(second).toMatchObject({
      facultyId: who.faculty.id,
      source: STUB_MODEL,
      discipline: "data-science",
      feedbackRating: null,
    });
    expect(first.source).toBe("template");

    const list = await inject({
      method: "GET",
      url: `/api/objective-conversions/faculty/${who.faculty.id}`,
      headers: who.headers,
    });
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.json().map((item: { id: number }) => item.id)).toEqual([second.id, first.id]);

    const events = await inject({
      method: "GET",
      url: `/api/analytics/faculty/${who.faculty.id}?eventType=objective_converted`,
      headers: who.headers,
    });
    expect(events.json()).toHaveLength(2);
    expect(events.json()[0].eventData).toMatchObject({ conversionId: second.id, source: STUB_MODEL });
  });

  it("searches and pages the whole history", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    for (let index = 0; index < 12; index += 1) {
      await createConversionViaApi(t.app, who.headers, {
        originalObjective: `Objective number ${index} about ${index % 3 === 0 ? "ledgers" : "markets"} and more`,
      });
    }
    const page = async (query: string) =>
      inject({
        method: "GET",
        url: `/api/objective-conversions/faculty/${who.faculty.id}?${query}`,
        headers: who.headers,
      });
    const second = await page("limit=5&offset=10");
    expect(second.headers["x-total-count"]).toBe("12");
    expect(second.json()).toHaveLength(2);
    const found = await page("q=LEDGERS");
    expect(found.headers["x-total-count"]).toBe("4");
    expect(
      found.json().every((item: { originalObjective: string }) => item.originalObjective.includes("ledgers")),
    ).toBe(true);
    expect((await page("q=100%25")).json()).toEqual([]);
    expect((await page("limit=0")).statusCode).toBe(400);
  });

  it("rates 1 to 5, and Your Stats averages only the rated ones", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const stats = async () =>
      (
        await inject({
          method: "GET",
          url: `/api/objective-conversions/faculty/${who.faculty.id}/stats`,
          headers: who.headers,
        })
      ).json();
    expect(await stats()).toEqual({ totalConversions: 0, disciplines: 0, averageRating: 0 });
    const a = await createConversionViaApi(t.app, who.headers, { discipline: "blockchain" });
    const b = await createConversionViaApi(t.app, who.headers, { discipline: "fintech" });
    await createConversionViaApi(t.app, who.headers, { discipline: "fintech" });
    expect(await stats()).toEqual({ totalConversions: 3, disciplines: 2, averageRating: 0 });

    for (const [conversion, feedbackRating] of [
      [a, 5],
      [b, 2],
    ] as const) {
      const rated = await inject({
        method: "PUT",
        url: `/api/objective-conversions/${conversion.id}/rating`,
        headers: who.headers,
        payload: { feedbackRating },
      });
      expect(rated.json().feedbackRating).toBe(feedbackRating);
    }
    expect(await stats()).toEqual({ totalConversions: 3, disciplines: 2, averageRating: 3.5 });
    const me = await inject({ method: "GET", url: "/api/auth/me", headers: who.headers });
    expect(me.json().stats.avgRating).toBe(3.5);

    for (const feedbackRating of [0, 6, 2.5, "4"]) {
      const bad = await inject({
        method: "PUT",
        url: `/api/objective-conversions/${a.id}/rating`,
        headers: who.headers,
        payload: { feedbackRating },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("Rating must be a whole number from 1 to 5");
    }
  });

  it("belongs to its owner: 403 for a foreign faculty id, 404 for a foreign record", async () => {
    const mine = await createConversionViaApi(t.app, alice.headers);
    const asBob = (options: InjectOptions) => inject({ ...options, headers: bob.headers });
    expect(
      (await asBob({ method: "GET", url: `/api/objective-conversions/faculty/${alice.faculty.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await asBob({ method: "GET", url: `/api/objective-conversions/faculty/${alice.faculty.id}/stats` }))
        .statusCode,
    ).toBe(403);
    const foreignSave = await asBob({
      method: "POST",
      url: "/api/objective-conversions",
      payload: {
        facultyId: alice.faculty.id,
        originalObjective: "Students will learn a thing.",
        convertedFramework: "x",
        discipline: "other",
      },
    });
    expect(foreignSave.statusCode).toBe(403);
    const rate = await asBob({
      method: "PUT",
      url: `/api/objective-conversions/${mine.id}/rating`,
      payload: { feedbackRating: 1 },
    });
    expect(rate.statusCode).toBe(404);
    const read = await asBob({ method: "GET", url: `/api/objective-conversions/${mine.id}` });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe("Conversion not found.");
    const own = await inject({
      method: "GET",
      url: `/api/objective-conversions/${mine.id}`,
      headers: alice.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(mine);
    expect((await asBob({ method: "DELETE", url: `/api/objective-conversions/${mine.id}` })).statusCode).toBe(
      404,
    );

    const removed = await inject({
      method: "DELETE",
      url: `/api/objective-conversions/${mine.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await inject({
      method: "DELETE",
      url: `/api/objective-conversions/${mine.id}`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Conversion not found.");
    const gone = await inject({
      method: "GET",
      url: `/api/objective-conversions/${mine.id}`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(404);
  });
});
