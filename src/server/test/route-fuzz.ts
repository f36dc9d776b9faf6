import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { z } from "zod";
import type { RouteAccess } from "../lib/access.ts";
import type { RouteEntry } from "../lib/route-catalog.ts";

/**
 * Malformed requests for any route, generated with fast-check from the route's declared zod
 * schemas: values of the right shape with hostile ones mixed in (wrong types, missing
 * and extra fields, huge strings, NUL and lone surrogates, numbers at and beyond 32-bit bounds,
 * arrays for objects), invalid JSON, wrong content types, and traversal or SQL-like text in path
 * parameters. Used by route-fuzz.test.ts (a few per route) and `npm run fuzz` (many).
 */

type JsonSchema = { [key: string]: unknown };

/** The people a request may come from; `anonymous` sends no session. */
export type CallerName = "anonymous" | "instructor" | "stranger" | "student" | "admin" | "superAdmin";
export const CALLER_NAMES: readonly CallerName[] = [
  "anonymous",
  "instructor",
  "stranger",
  "student",
  "admin",
  "superAdmin",
];

/** A path parameter, resolved when the request is sent (callers may be replaced meanwhile). */
export type ParamChoice =
  | { kind: "caller-id" }
  | { kind: "caller-email" }
  | { kind: "known"; value: string }
  /** Inserted into the path as is, not encoded: bad escapes, encoded NUL, traversal. */
  | { kind: "raw"; value: string };

export interface FuzzRequest {
  caller: CallerName;
  params: Record<string, ParamChoice>;
  /** The query string as sent, without "?" (possibly empty). */
  query: string;
  body?: { payload: unknown; contentType?: string };
}

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

const NUL = "\u0000";
const LONE_HIGH = "\ud800";
const LONE_LOW = "\udc00";

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

const hostileString: fc.Arbitrary<string> = fc.oneof(
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

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
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

const deepJson = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

const rawBodies = fc.constantFrom(
  "{",
  '{"a":',
  "[1,2",
  "nul",
  "'single'",
  NUL,
  '{"text":"\\ud800"}',
  '{"text":"\\u0000"}',
  '{"__proto__":{"role":"super_admin"}}',
  deepJson(50),
  deepJson(100_000),
  `{"a":${deepJson(40)}}`,
);

/**
 * Bodies the route accepts: generated values that its zod schema parses. Found by sampling, so a
 * route added later gets them without anyone writing an example.
 */
function validBodiesFor(entry: RouteEntry, knowns: FuzzKnowns, wanted = 8): unknown[] {
  const schema = entry.schema.body;
  if (!(schema instanceof z.ZodType)) return [];
  const candidates = fc.sample(valueFor(jsonSchemaOf(schema), knowns), { numRuns: 3000, seed: 42 });
  return candidates.filter((candidate) => schema.safeParse(candidate).success).slice(0, wanted);
}

const REMOVE = Symbol("remove");

/** Every path inside a JSON value (object keys and array indexes), the value itself first. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const inner =
    Array.isArray(value) || (typeof value === "object" && value !== null)
      ? Object.entries(value).flatMap(([key, child]) =>
          pathsOf(child, [...prefix, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [prefix, ...inner];
}

/** A copy of `value` with the thing at `path` replaced (or removed). */
function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  const next = replaceAt(copy[head], rest, replacement);
  if (next === REMOVE) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** The thing at `path` inside `value`. */
function valueAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((inner, key) => (inner as Record<string | number, unknown>)?.[key], value);
}

/** What PostgreSQL cannot store, slipped into text that is otherwise fine. */
const unstorableIn = (text: string) =>
  fc.constantFrom(`${text}${NUL}`, `${NUL}${text}`, `${text}${LONE_HIGH}`, `${LONE_LOW}${text}`);

/**
 * A valid body with one thing changed: text made unstorable, a field made hostile or removed, or
 * an unknown field added.
 */
function oneChangeFrom(base: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(base).filter((path) => path.length > 0);
  if (paths.length === 0) return fc.constant(base);
  return fc
    .tuple(
      fc.constantFrom(...paths).chain((path) => {
        const current = valueAt(base, path);
        const replacement = fc.oneof(
          { weight: 3, arbitrary: typeof current === "string" ? unstorableIn(current) : hostileValue },
          { weight: 3, arbitrary: hostileValue },
          { weight: 1, arbitrary: fc.constant(REMOVE) },
        );
        return replacement.map((value) => [path, value] as const);
      }),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
      ),
    )
    .map(([[path, replacement], extraKey]) => {
      const changed = replaceAt(base, path, replacement);
      return extraKey !== undefined &&
        typeof changed === "object" &&
        changed !== null &&
        !Array.isArray(changed)
        ? { ...changed, [extraKey]: "an extra field" }
        : changed;
    });
}

function bodyFor(entry: RouteEntry, knowns: FuzzKnowns): fc.Arbitrary<FuzzRequest["body"]> {
  const schema = jsonSchemaOf(entry.schema.body);
  const valid = validBodiesFor(entry, knowns);
  const fromValid = valid.length
    ? fc
        .constantFrom(...valid)
        .chain((base) =>
          fc.oneof(
            { weight: 1, arbitrary: fc.constant(base) },
            { weight: 3, arbitrary: oneChangeFrom(base) },
          ),
        )
    : valueFor(schema, knowns);
  return fc.oneof(
    { weight: 10, arbitrary: fromValid.map((payload) => ({ payload })) },
    { weight: 6, arbitrary: valueFor(schema, knowns).map((payload) => ({ payload })) },
    { weight: 2, arbitrary: rawBodies.map((payload) => ({ payload, contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=xyz",
          "application/xml",
          "application/json; charset=latin1",
        )
        .map((contentType) => ({ payload: "a=b&c=d", contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: "", contentType: "application/json" }) },
  );
}

const rawPathSegments = [
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  "%",
  "%25",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "%201",
  "2147483647",
  "2147483648",
  "99999999999999999999",
  "'%20OR%20'1'='1",
  "1;DROP%20TABLE%20faculty",
  "%F0%9F%98%80",
  "9".repeat(600),
];

function paramFor(name: string, knowns: FuzzKnowns): fc.Arbitrary<ParamChoice> {
  // A token names a contribution link; any other parameter an id (or the caller's e-mail).
  const known = name === "token" ? knowns.tokens : knowns.ids;
  const own = fc.constant<ParamChoice>({ kind: name === "email" ? "caller-email" : "caller-id" });
  return fc.oneof(
    { weight: name === "token" ? 1 : 4, arbitrary: own },
    {
      weight: 6,
      arbitrary: known.length
        ? fc.constantFrom(...known).map((value): ParamChoice => ({ kind: "known", value }))
        : own,
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(...rawPathSegments).map((value): ParamChoice => ({ kind: "raw", value })),
    },
    {
      weight: 2,
      arbitrary: hostileString
        .filter((value) => value.length > 0 && value.length < 400)
        .map((value): ParamChoice => ({ kind: "known", value })),
    },
  );
}

const rawQueryValues = ["%00", "%ED%A0%80", "%ZZ", "%", "2147483648", "-1", "1e400", "[]", "%5B%5D"];

function queryFor(entry: RouteEntry, knowns: FuzzKnowns): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(entry.schema.querystring);
  const properties = Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>);
  const names = [...properties.map(([name]) => name), "unexpected"];
  const encoded = (value: unknown) =>
    encodeURIComponent(typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  const pair = fc.oneof(
    ...properties.map(([name, property]) =>
      valueFor(property, knowns).map((value) => {
        const values = Array.isArray(value) ? value : [value];
        return values.map((one) => `${name}=${safeEncode(one, encoded)}`).join("&");
      }),
    ),
    fc
      .tuple(fc.constantFrom(...names), fc.constantFrom(...rawQueryValues))
      .map(([name, value]) => `${name}=${value}`),
  );
  return fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join("&"));
}

/** encodeURIComponent throws on a lone surrogate: such a value is sent as its UTF-8 bytes would be. */
function safeEncode(value: unknown, encode: (value: unknown) => string): string {
  try {
    return encode(value);
  } catch {
    return "%ED%A0%80";
  }
}

/** Who should be able to reach a route (the right caller), given its access rule. */
export function rightCallersFor(rule: RouteAccess): CallerName[] {
  switch (rule.kind) {
    case "public":
      return ["anonymous", "instructor"];
    case "admin":
      return ["admin", "superAdmin"];
    case "super_admin":
      return ["superAdmin"];
    default:
      return rule.students ? ["instructor", "student"] : ["instructor"];
  }
}

/** Requests for a route, from the right callers three times in four, else from any caller. */
export function requestArbitrary(entry: RouteEntry, knowns: FuzzKnowns): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...entry.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const right = rightCallersFor(entry.access);
  const caller = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...right) },
    { weight: 1, arbitrary: fc.constantFrom(...CALLER_NAMES) },
  );
  const params = fc.record(
    Object.fromEntries(paramNames.map((name) => [name, paramFor(name, knowns)])) as Record<
      string,
      fc.Arbitrary<ParamChoice>
    >,
  );
  const hasBody = ["POST", "PUT", "PATCH"].includes(entry.method);
  return fc.record({
    caller,
    params,
    query: entry.schema.querystring ? queryFor(entry, knowns) : fc.constant(""),
    body: hasBody ? bodyFor(entry, knowns) : fc.constant(undefined),
  });
}

export interface LiveCaller {
  id: number;
  email: string;
  headers: Record<string, string>;
}

/** The inject options of a request, with its caller's current id, e-mail and session. */
export function toInjectOptions(
  entry: RouteEntry,
  request: FuzzRequest,
  caller: LiveCaller | undefined,
): InjectOptions {
  const path = entry.url.replace(/:(\w+)/g, (_, name: string) => {
    const choice = request.params[name] ?? { kind: "caller-id" };
    switch (choice.kind) {
      case "caller-id":
        return String(caller?.id ?? 1);
      case "caller-email":
        return encodeURIComponent(caller?.email ?? "nobody@university.test");
      case "known":
        return safeEncode(choice.value, (value) => encodeURIComponent(String(value)));
      case "raw":
        return choice.value;
    }
  });
  const options: InjectOptions = {
    method: entry.method as InjectOptions["method"],
    url: request.query ? `${path}?${request.query}` : path,
    headers: { ...(caller?.headers ?? {}) },
  };
  if (request.body) {
    const { payload, contentType } = request.body;
    options.headers = { ...options.headers, "content-type": contentType ?? "application/json" };
    options.payload = typeof payload === "string" && contentType ? payload : JSON.stringify(payload ?? null);
  }
  return options;
}

/** What is wrong with an answer, if anything: a 5xx, or a 4xx without a JSON `message`. */
export function problemWith(response: { statusCode: number; body: string }): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return undefined;
  try {
    const message = (JSON.parse(response.body) as { message?: unknown }).message;
    if (typeof message === "string" && message.trim() !== "") return undefined;
  } catch {
    // falls through
  }
  return `answered ${response.statusCode} without a JSON message: ${response.body.slice(0, 300)}`;
}

/** A request as a line a person can replay. */
export function describeRequest(options: InjectOptions, caller: CallerName): string {
  const payload = typeof options.payload === "string" ? options.payload : JSON.stringify(options.payload);
  return `${options.method} ${options.url} as ${caller}${payload ? ` with ${JSON.stringify(payload.slice(0, 300))}` : ""}`;
}
