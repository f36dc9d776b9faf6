import fc from "fast-check";
import { z } from "zod";

// Values for a route's declared schemas: of the right shape, with hostile ones mixed in.

export type JsonSchema = { [key: string]: unknown };

/** Records and values the fixtures made, so that some requests get past the access checks. */
export interface FuzzKnowns {
  ids: string[];
  tokens: string[];
  /**
   * Valid values for fields whose rule the JSON Schema cannot tell (a transform or a pipe hides
   * it), by property name: e-mails, disciplines.
   */
  fields?: Record<string, readonly unknown[]>;
}

/** E-mail addresses zod's rule accepts (fc.emailAddress() makes many it refuses). */
export const EMAIL = /^[a-z][a-z0-9._-]{0,20}@[a-z]{2,12}\.(edu|org|test)$/;

export const NUL = "\u0000";
export const LONE_HIGH = "\ud800";
export const LONE_LOW = "\udc00";

const hostileStrings = [
  "",
  " ",
  NUL,
  `A long enough text with a NUL ${NUL} inside it`,
  `A long enough text with a lone surrogate ${LONE_HIGH} inside it`,
  `${LONE_LOW} starts with a lone low surrogate, long enough`,
  "😀 emoji 😀 and other planes 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "../../../../etc/passwd",
  "' OR '1'='1' --",
  "'; DROP TABLE faculty; --",
  "%00%25%ZZ",
  "<script>alert(1)</script>",
  "\r\nSet-Cookie: x=1",
  "2147483648",
  "-1",
  "null",
  "\u202eevil",
];

const hugeString = fc.constantFrom(10_001, 70_000, 300_000).map((length) => "x".repeat(length));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  // Any UTF-16 code unit, lone surrogates included.
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    }),
  },
  { weight: 1, arbitrary: hugeString },
);

const hostileNumber = fc.constantFrom(
  0,
  -1,
  0.5,
  -0,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  2 ** 53,
  1e20,
  1e308,
  Number.MIN_VALUE,
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom([], {}, [1, "a", null], { constructor: { prototype: { admin: true } } }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Mostly a value of the right shape, sometimes a hostile one. */
const mostly = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 7, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });

function stringFor(schema: JsonSchema, knowns: FuzzKnowns): fc.Arbitrary<unknown> {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : min + 60;
  // Addresses zod's e-mail rule accepts (fc.emailAddress() makes many it refuses).
  if (schema.format === "email") return fc.stringMatching(EMAIL);
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern));
  const fitting = fc.string({ minLength: min, maxLength: Math.min(max, min + 60) });
  return fc.oneof(
    { weight: 6, arbitrary: fitting },
    // Just past each bound.
    { weight: 1, arbitrary: fc.constantFrom("y".repeat(Math.max(0, min - 1)), "z".repeat(max + 1)) },
    { weight: 1, arbitrary: knowns.tokens.length ? fc.constantFrom(...knowns.tokens) : fitting },
  );
}

function numberFor(schema: JsonSchema, knowns: FuzzKnowns): fc.Arbitrary<unknown> {
  const low =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + 1
        : -1000;
  const high = typeof schema.maximum === "number" ? schema.maximum : low + 2_000_000;
  const ids = knowns.ids.map(Number);
  // A range without a whole number in it (a desired retention of 0.7 to 0.97) is drawn as doubles.
  const wholeLow = Math.ceil(Math.max(low, -1e9));
  const wholeHigh = Math.floor(Math.min(high, 2_147_483_647));
  const inRange =
    wholeLow <= wholeHigh
      ? fc.integer({ min: wholeLow, max: wholeHigh })
      : fc.double({ min: low, max: high, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 3, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant(1) },
    { weight: 1, arbitrary: fc.constantFrom(low - 1, high + 1, low, high) },
  );
}

function objectFor(schema: JsonSchema, knowns: FuzzKnowns, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const missing = Symbol("missing");
  const fields = Object.entries(properties).map(([name, property]) => {
    const hinted = knowns.fields?.[name];
    const value = hinted?.length
      ? fc.oneof(
          { weight: 3, arbitrary: mostly(fc.constantFrom(...hinted)) },
          valueFor(property, knowns, depth + 1),
        )
      : valueFor(property, knowns, depth + 1);
    // A required field is left out now and then; an optional one half the time.
    const presence = required.has(name)
      ? fc.oneof({ weight: 12, arbitrary: value }, { weight: 1, arbitrary: fc.constant(missing) })
      : fc.oneof(value, fc.constant(missing));
    return presence.map((result) => [name, result] as const);
  });
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }) },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, extras]) => ({
    ...extras,
    ...Object.fromEntries(entries.filter(([, result]) => result !== missing)),
  }));
}

/** A value for a JSON Schema (zod's, io: input): right in shape, with hostile values mixed in. */
export function valueFor(schema: unknown, knowns: FuzzKnowns, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema !== "object" || schema === null || depth > 6) return hostileValue;
  const s = schema as JsonSchema;
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, knowns, depth)));
  }
  if ("const" in s) return mostly(fc.constant(s.const));
  if (Array.isArray(s.enum) && s.enum.length > 0) return mostly(fc.constantFrom(...(s.enum as unknown[])));
  switch (s.type) {
    case "object":
      if (s.properties) return mostly(objectFor(s, knowns, depth));
      return mostly(
        fc.dictionary(fc.string({ maxLength: 20 }), valueFor(s.additionalProperties, knowns, depth + 1), {
          maxKeys: 5,
        }),
      );
    case "array": {
      const maxItems = typeof s.maxItems === "number" ? s.maxItems : 5;
      const items = valueFor(s.items, knowns, depth + 1);
      return mostly(
        fc.oneof(
          { weight: 8, arbitrary: fc.array(items, { maxLength: Math.min(maxItems, 5) }) },
          { weight: 1, arbitrary: fc.array(items, { minLength: maxItems + 1, maxLength: maxItems + 1 }) },
        ),
      );
    }
    case "string":
      return mostly(stringFor(s, knowns));
    case "integer":
    case "number":
      return mostly(numberFor(s, knowns));
    case "boolean":
      return mostly(fc.boolean());
    case "null":
      return mostly(fc.constant(null));
    default:
      return hostileValue;
  }
}

/** A zod schema as JSON Schema of what it accepts; anything it cannot express becomes "any". */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}
