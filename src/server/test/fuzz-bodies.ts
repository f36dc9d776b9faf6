import fc from "fast-check";
import { z } from "zod";
import type { RouteEntry } from "../lib/route-catalog.ts";
import {
  type FuzzKnowns,
  hostileValue,
  jsonSchemaOf,
  LONE_HIGH,
  LONE_LOW,
  NUL,
  valueFor,
} from "./fuzz-values.ts";

// Request bodies: valid ones with one thing changed, generated values, broken JSON, wrong types.

/** A request's body, and its content type when not JSON. */
export interface FuzzBody {
  payload: unknown;
  contentType?: string;
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

export function bodyFor(entry: RouteEntry, knowns: FuzzKnowns): fc.Arbitrary<FuzzBody> {
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
