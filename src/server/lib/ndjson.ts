import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { z } from "zod";

/**
 * A streamed answer's documentation: Fastify sends a stream as is, never through the serialiser,
 * so the route sends a Readable while the OpenAPI document shows the schema of each line.
 */
export const ndjsonResponse = (description: string, eventSchema: z.ZodType) => ({
  description,
  content: { "application/x-ndjson": { schema: eventSchema as unknown as z.ZodType<Readable> } },
});

async function* lines<Event>(events: AsyncIterable<Event>) {
  for await (const event of events) yield `${JSON.stringify(event)}\n`;
}

/**
 * Streams events as NDJSON, one JSON event per line (the converter's generate stream, the
 * knowledge base's answers). `start` gets a signal that aborts when the client goes away. The
 * route must say `compress: false`: a compressor would hold the pieces back until its buffer fills.
 */
export function sendNdjson<Event>(reply: FastifyReply, start: (signal: AbortSignal) => AsyncIterable<Event>) {
  const gone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  reply
    .header("Content-Type", "application/x-ndjson; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("X-Accel-Buffering", "no");
  return reply.send(Readable.from(lines(start(gone.signal))));
}
