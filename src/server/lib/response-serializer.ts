import type { FastifySerializerCompiler } from "fastify";
import { InvalidSchemaError, ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Turns an answer into JSON through the route's response schema for its status: zod parses the
 * answer, which keeps only the fields the schema names (z.object strips the rest), and the result
 * is sent. An answer that does not match answers 500 (FST_ERR_RESPONSE_SERIALIZATION), never in
 * another shape.
 *
 * fastify-type-provider-zod's own `serializerCompiler` does the same with zod's `encode`, which
 * cost 2.7 times as much as this on `/api/auth/me`'s answer (3.7 µs against 1.4 µs;
 * docs/decisions/0005-answers-sent-through-response-schemas.md). Both give the same JSON because a
 * response schema holds no transform,
 * default or codec (responses.test.ts checks every route's), so parsing and encoding do the same.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = ({
  schema,
  method,
  url,
}) => {
  const answer = schema instanceof z.ZodType ? schema : schema.properties;
  if (!(answer instanceof z.ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  return (data) => {
    if (data instanceof PreSerialized) return data.json;
    const result = answer.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/**
 * An answer already turned into JSON through its route's response schema, kept by a cache and
 * sent as it is many times (the template search's answers: parsing and writing 72 KB of JSON per
 * request cost more than the search itself). Made only here, so it never skips the schema.
 */
export class PreSerialized {
  private constructor(readonly json: string) {}

  static of<T>(schema: z.ZodType<T>, data: T): PreSerialized {
    return new PreSerialized(JSON.stringify(schema.parse(data)));
  }
}

/** A PreSerialized answer where a route's handler is typed to return `T` (the serializer sends its JSON). */
export const asAnswer = <T>(value: PreSerialized): T => value as unknown as T;
