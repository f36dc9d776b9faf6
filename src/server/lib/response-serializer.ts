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
    if (data instanceof PreSerialized) return data.json;
    const result = answer.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/**
 * An answer already turned into JSON through its route's response schema, kept by a cache and
 * sent as it is many times (the template search's answers: parsing and writing 72 KB of JSON per
 * request cost more than the search itself), or assembled from parts made so (`withList`). Made
 * only here, so it never skips the schema.
 */
export class PreSerialized {
  private constructor(
    readonly json: string,
    /** The schema it was made through (`withList` checks its parts against the list's). */
    private readonly schema: z.ZodType,
  ) {}

  static of<T>(schema: z.ZodType<T>, data: T): PreSerialized {
    return new PreSerialized(JSON.stringify(schema.parse(data)), schema);
  }

  /**
   * An object answer whose list field `key` is made of parts already made through the list's item
   * schema (`of(itemSchema, item)`): an item in many answers, say the same new item in a class's
   * due lists, is parsed and written once. The other fields go through `schema` (the list given
   * empty); a part made through another schema throws.
   */
  static withList<Shape extends z.ZodRawShape, K extends keyof Shape & string>(
    schema: z.ZodObject<Shape>,
    key: K,
    data: Omit<z.input<z.ZodObject<Shape>>, K>,
    parts: readonly PreSerialized[],
  ): PreSerialized {
    const list = schema.shape[key];
    if (!(list instanceof z.ZodArray)) throw new Error(`${key} is not a list of the schema`);
    for (const part of parts) {
      if (part.schema !== list.element) throw new Error(`a part of ${key} was made through another schema`);
    }
    const rest = schema.parse({ ...data, [key]: [] }) as Record<string, unknown>;
    delete rest[key];
    const head = JSON.stringify(rest);
    const items = `${JSON.stringify(key)}:[${parts.map((part) => part.json).join(",")}]`;
    return new PreSerialized(`${head.slice(0, -1)}${head === "{}" ? "" : ","}${items}}`, schema);
  }
}

/** A PreSerialized answer where a route's handler is typed to return `T` (the serializer sends its JSON). */
export const asAnswer = <T>(value: PreSerialized): T => value as unknown as T;
