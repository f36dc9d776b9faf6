import fc from "fast-check";
import type { InjectOptions } from "fastify";
import type { RouteAccess } from "../lib/access.ts";
import type { RouteEntry } from "../lib/route-catalog.ts";
import { bodyFor, type FuzzBody } from "./fuzz-bodies.ts";
import { type FuzzKnowns, hostileString, type JsonSchema, jsonSchemaOf, valueFor } from "./fuzz-values.ts";

/**
 * Malformed requests for any route, generated with fast-check from the route's declared zod
 * schemas: values of the right shape with hostile ones mixed in (wrong types, missing
 * and extra fields, huge strings, NUL and lone surrogates, numbers at and beyond 32-bit bounds,
 * arrays for objects), invalid JSON, wrong content types, and traversal or SQL-like text in path
 * parameters. Values come from fuzz-values.ts, bodies from fuzz-bodies.ts. Used by
 * route-fuzz.test.ts (a few per route) and `npm run fuzz` (many).
 */

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
  body?: FuzzBody;
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

/** Whether the route declares its answer of this status as an HTML page (a page for a person in an LMS). */
const declaresHtmlPage = (entry: RouteEntry | undefined, status: number) => {
  const declared = entry?.schema.response?.[String(status)] as
    | { content?: Record<string, unknown> }
    | undefined;
  return declared?.content?.["text/html"] !== undefined;
};

/**
 * What is wrong with an answer, if anything: a 5xx, or a 4xx without a JSON `message` or, where the
 * route declares that status as an HTML page, a one-line message in a paragraph.
 */
export function problemWith(
  response: { statusCode: number; body: string },
  entry?: RouteEntry,
): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return undefined;
  // Such a route may still refuse malformed input before it runs, with the JSON message.
  if (declaresHtmlPage(entry, response.statusCode) && /<p>[^<]*\S[^<]*<\/p>/.test(response.body)) {
    return undefined;
  }
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
