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
 * cost 2.7 times as much as this on `/api/auth/me`'s answer (3.7 µs against 1.4 µs; docs/decisions.md,
 * "Response schemas"). Both give the same JSON because a response schema holds no transform,
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
    const result = answer.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
