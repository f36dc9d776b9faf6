import { z } from "zod";

/**
 * The building blocks every request schema uses (ARCHITECTURE: security rules): text PostgreSQL
 * can store, ids that fit its `integer`, search text, and JSON objects for `jsonb` columns.
 */

/** PostgreSQL's `integer`, the type of every id column. */
export const PG_INTEGER_MAX = 2_147_483_647;

/** A NUL, or a UTF-16 surrogate without its partner: PostgreSQL stores neither in text or jsonb. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g");

export const isStorableText = (value: string) => !UNSTORABLE.test(value);
export const stripUnstorable = (value: string) => value.replace(UNSTORABLE_ALL, "");

export const unstorableMessage = (label: string) =>
  `${label} contains a character that cannot be saved (a NUL or an unpaired surrogate)`;

/**
 * A text field: refuses what PostgreSQL cannot store, with a message naming the field. Chain the
 * usual string rules after it: `text("Name").trim().min(1, ...).max(120, ...)`.
 */
export const text = (label: string, typeMessage = `${label} must be text`) =>
  z.string({ error: typeMessage }).refine(isStorableText, unstorableMessage(label));

/** Search text: characters that cannot be stored cannot match either, so they are dropped. */
export const searchText = (max: number, message: string) =>
  z.string({ error: message }).overwrite(stripUnstorable).trim().max(max, message);

/** A record id sent in a body: a positive whole number within PostgreSQL's `integer`. */
export const id = (label: string) => {
  const message = `Invalid ${label}`;
  return z.number({ error: message }).int(message).positive(message).max(PG_INTEGER_MAX, message);
};

/** A record id in a URL path (a string there), with the same bounds. */
export const idParam = (label: string) => {
  const message = `Invalid ${label}`;
  return z.coerce.number({ error: message }).int(message).positive(message).max(PG_INTEGER_MAX, message);
};

/** `{ [name]: idParam }`: the params schema of a route like /api/projects/:id. */
export const idParams = <Name extends string>(name: Name, label: string) =>
  z.object({ [name]: idParam(label) } as Record<Name, ReturnType<typeof idParam>>);

/** A whole number from a query string, within the given bounds (never beyond `integer`). */
export const queryInt = (message: string, min: number, max: number = PG_INTEGER_MAX) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** The most rows one page of a list answers. */
export const PAGE_LIMIT_MAX = 100;

/**
 * `limit` and `offset` of a paged list: every list answers one page, newest first unless
 * it says otherwise, and the number of rows that match in all in the `X-Total-Count` header.
 */
export const pageQuery = {
  limit: queryInt(`limit must be a number from 1 to ${PAGE_LIMIT_MAX}`, 1, PAGE_LIMIT_MAX).default(
    PAGE_LIMIT_MAX,
  ),
  offset: queryInt(`offset must be a whole number from 0 to ${PG_INTEGER_MAX}`, 0).default(0),
};

/** A page of a list as services answer it; the route sends `total` as X-Total-Count. */
export interface Page<Item> {
  items: Item[];
  total: number;
}

/** Whether every key and string inside a JSON value can be stored in `jsonb`. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === "string") return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).every(([key, inner]) => isStorableText(key) && isStorableJson(inner));
  }
  return true;
}

/**
 * A point in time as every answer carries it: `Date.prototype.toISOString()`, UTC. A Date object
 * in its place fails the answer's schema (500): services convert, as they always have.
 */
export const isoDateTime = z.string().meta({ format: "date-time" });
