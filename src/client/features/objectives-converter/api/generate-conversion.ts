import { api, type RequestBodyOf } from "#client/lib/api-client.ts";
import { readNdjson } from "#client/lib/ndjson.ts";
import type { GenerateEvent } from "#shared/schemas/conversions.ts";

/**
 * POST /api/objective-conversions/generate: reads the NDJSON stream and hands each event to
 * `onEvent` as it arrives. Resolves with the final `done` event.
 */
export async function generateConversion(
  input: RequestBodyOf<"/api/objective-conversions/generate", "post">,
  onEvent: (event: GenerateEvent) => void,
  signal?: AbortSignal,
): Promise<Extract<GenerateEvent, { type: "done" }>> {
  const { response } = await api.POST("/api/objective-conversions/generate", {
    body: input,
    signal,
    parseAs: "stream",
  });
  if (!response.body) throw new Error("The conversion answered without a body.");
  let done: Extract<GenerateEvent, { type: "done" }> | undefined;
  await readNdjson(response.body, (value) => {
    const event = value as GenerateEvent;
    if (event.type === "done") done = event;
    onEvent(event);
  });
  if (!done) throw new Error("The conversion stopped before it finished.");
  return done;
}
