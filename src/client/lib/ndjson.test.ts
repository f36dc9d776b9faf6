import { describe, expect, it } from "vitest";
import { readNdjson } from "./ndjson.ts";

function stream(pieces: (string | Uint8Array<ArrayBuffer>)[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const piece of pieces)
        controller.enqueue(typeof piece === "string" ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
}

async function collect(pieces: (string | Uint8Array<ArrayBuffer>)[]) {
  const seen: unknown[] = [];
  await readNdjson(stream(pieces), (value) => seen.push(value));
  return seen;
}

describe("readNdjson", () => {
  it("hands over each line's value in order, lines cut anywhere between chunks", async () => {
    const text = '{"a":1}\n{"b":"two"}\n\n{"c":[3]}\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(await collect([text.slice(0, cut), text.slice(cut)])).toEqual([
        { a: 1 },
        { b: "two" },
        { c: [3] },
      ]);
    }
  });

  it("reads a last line without a newline, and a character cut between its bytes", async () => {
    const bytes = new TextEncoder().encode('{"t":"é"}\n{"t":"ü"}');
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    expect(await collect([bytes.slice(0, split), bytes.slice(split)])).toEqual([{ t: "é" }, { t: "ü" }]);
  });

  it("hands over a value before the stream has ended", async () => {
    const seen: unknown[] = [];
    let push: ((text: string) => void) | undefined;
    let close: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        close = () => controller.close();
      },
    });
    const done = readNdjson(body, (value) => seen.push(value));
    push?.('{"first":true}\n');
    await expect.poll(() => seen.length).toBe(1);
    push?.('{"second":true}');
    close?.();
    await done;
    expect(seen).toEqual([{ first: true }, { second: true }]);
  });

  it("fails on a line that is not JSON", async () => {
    await expect(collect(['{"ok":1}\nnot json\n'])).rejects.toThrow(SyntaxError);
  });
});
