import type { SwaggerTransform } from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * fastify-type-provider-zod's transform, with one repair: zod writes a record keyed by an enum
 * (`z.record(z.enum([...]), value)`, every key present) as `additionalProperties` plus `required`
 * keys and `propertyNames`, which the OpenAPI 3.0 document drops; a generator then sees an open
 * map. Listing each required key under `properties`, and no other, keeps the exact shape in the
 * document (and in the client's generated types).
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  return { ...transformed, schema: withKeyedRecords(transformed.schema) as typeof transformed.schema };
};

function withKeyedRecords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withKeyedRecords);
  if (value === null || typeof value !== "object") return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, withKeyedRecords(child)]),
  ) as Record<string, unknown>;
  const { required, additionalProperties, properties } = schema;
  if (
    Array.isArray(required) &&
    required.length > 0 &&
    typeof additionalProperties === "object" &&
    additionalProperties !== null &&
    properties === undefined
  ) {
    schema.properties = Object.fromEntries(required.map((key) => [String(key), additionalProperties]));
    // zod refuses a key outside the enum.
    schema.additionalProperties = false;
  }
  return schema;
}
