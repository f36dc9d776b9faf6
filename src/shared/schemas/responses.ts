import { z } from "zod";

/*
 * The building blocks of answers that are not a resource's
 * (docs/decisions/0005-answers-sent-through-response-schemas.md): no content, the error answer, a file. A
 * resource's answers live beside its request
 * schemas in <resource>.ts. Kept apart from common.ts, which the client loads at run time: the
 * client only ever imports types from here.
 */

/** An answer with no body (204): the type provider's idiom, `reply.code(204).send()`. */
export const noContent = z.undefined().describe("No content");

/** Every error answer (lib/error-handler.ts): a stable code, a message to show, and for 400 the issues. */
export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A file's bytes: Fastify sends a Buffer as is, never through the serialiser; documented as binary. */
const fileBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: "string", format: "binary" });

/** The success answer of a download route, one entry per media type it may send. */
export const fileResponse = <MediaType extends string>(
  description: string,
  mediaTypes: readonly MediaType[],
) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileBytes }])) as Record<
    MediaType,
    { schema: typeof fileBytes }
  >,
});
