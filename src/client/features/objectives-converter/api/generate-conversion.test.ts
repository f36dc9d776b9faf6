import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GenerateEvent } from "#shared/schemas/conversions.ts";
import { generateConversion } from "./generate-conversion.ts";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A streamed body delivered in the given pieces (lines may be cut anywhere). */
function streamed(pieces: string[]) {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    }),
    { status: 200, headers: { "Content-Type": "application/x-ndjson" } },
  );
}

const input = { originalObjective: "Students will learn something real.", discipline: "other" };

describe("generateConversion", () => {
  it("hands over each event as it arrives, even when a line is cut between chunks", async () => {
    const lines = [
      { type: "start", source: "model", model: "m" },
      { type: "delta", text: "Hello " },
      { type: "delta", text: "world é" },
      { type: "done", source: "m", text: "Hello world é" },
    ].map((event) => `${JSON.stringify(event)}\n`);
    const joined = lines.join("");
    fetchMock.mockResolvedValue(streamed([joined.slice(0, 10), joined.slice(10, 61), joined.slice(61)]));
    const seen: GenerateEvent[] = [];
    const done = await generateConversion(input, (event) => seen.push(event));
    expect(seen.map((event) => event.type)).toEqual(["start", "delta", "delta", "done"]);
    expect(done).toEqual({ type: "done", source: "m", text: "Hello world é" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/objective-conversions/generate");
  });

  it("fails when the stream ends without a done event", async () => {
    fetchMock.mockResolvedValue(streamed([`${JSON.stringify({ type: "delta", text: "half" })}\n`]));
    await expect(generateConversion(input, () => undefined)).rejects.toThrow(
      "The conversion stopped before it finished.",
    );
  });

  it("raises the server's validation error like every other call", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: "Please select a discipline" }), { status: 400 }),
    );
    await expect(generateConversion(input, () => undefined)).rejects.toThrow(
      /^400: .*Please select a discipline/,
    );
  });
});
