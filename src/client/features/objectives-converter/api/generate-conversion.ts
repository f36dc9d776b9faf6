import { apiFetch } from "#client/lib/api-client.ts";
import type { GenerateConversionRequest, GenerateEvent } from "#shared/schemas/conversions.ts";

/**
 * POST /api/objective-conversions/generate: reads the NDJSON stream and hands each event to
 * `onEvent` as it arrives. Resolves with the final `done` event.
 */
export async function generateConversion(
  input: GenerateConversionRequest,
  onEvent: (event: GenerateEvent) => void,
  signal?: AbortSignal,
): Promise<Extract<GenerateEvent, { type: "done" }>> {
  const response = await apiFetch("POST", "/api/objective-conversions/generate", { body: input, signal });
  if (!response.body) throw new Error("The conversion answered without a body.");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let done: Extract<GenerateEvent, { type: "done" }> | undefined;
  const take = (line: string) => {
    if (!line.trim()) return;
    const event = JSON.parse(line) as GenerateEvent;
    if (event.type === "done") done = event;
    onEvent(event);
  };
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    buffer += value;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) take(line);
  }
  take(buffer);
  if (!done) throw new Error("The conversion stopped before it finished.");
  return done;
}
