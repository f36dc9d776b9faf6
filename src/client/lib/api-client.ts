import createClient, { createQuerySerializer, type Middleware } from "openapi-fetch";
import type { paths } from "../api/schema.d.ts";
import { readSessionId } from "./session-storage.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * spec A §8: a non-OK reply raises an error whose message is "{status}: {body text}" (or the
 * status text when the body is empty). The raw body stays available for display helpers.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The `message` field of a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    return messageFromBody(this.body);
  }
}

function messageFromBody(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "message" in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // not JSON: no server message
  }
  return undefined;
}

/**
 * What to show a person for a failed call: the server's `message` when it sent one, else the
 * fallback. Understands ApiError and any Error whose message follows "{status}: {body}".
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error) {
    const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
    if (match?.[1]) return messageFromBody(match[1]) ?? fallback;
  }
  return fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The JSON body to send. Every call carries a JSON content type (spec A §7), and a server may refuse
 * an empty body under that type (Fastify does), so a write without a payload sends `{}`.
 */
function requestBody(method: HttpMethod, body: unknown): string | undefined {
  if (body !== undefined) return JSON.stringify(body);
  return method === "GET" ? undefined : "{}";
}

/** spec A §7: JSON content type, credentials always, bearer session when one is stored. */
export async function apiFetch(method: HttpMethod, url: string, { body, signal }: RequestOptions = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const sessionId = readSessionId();
  if (sessionId) headers.Authorization = `Bearer ${sessionId}`;

  const response = await fetch(url, {
    method,
    headers,
    body: requestBody(method, body),
    credentials: "include",
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
}

/**
 * A call whose reply is JSON (or nothing, for 204), by a URL known only at run time: the default
 * query function's (query-client.ts, spec A §7). Every other call goes through the typed `api`.
 */
export async function apiRequest<T>(method: HttpMethod, url: string, options?: RequestOptions): Promise<T> {
  const response = await apiFetch(method, url, options);
  const text = response.status === 204 ? "" : await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One page of a list and how many rows match in all (the X-Total-Count header). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * spec A §7 on every typed call: JSON content type and a JSON body even for a write without payload
 * (`{}`), the bearer session when one is stored; and spec A §8: a non-OK reply throws an ApiError
 * with its status and body, so a call's answer is always its success type.
 */
export const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set("Content-Type", "application/json");
    const sessionId = readSessionId();
    if (sessionId) request.headers.set("Authorization", `Bearer ${sessionId}`);
    if (request.body === null && request.method !== "GET" && request.method !== "HEAD") {
      return new Request(request, { body: "{}" });
    }
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return undefined;
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, text);
  },
};

/**
 * openapi-fetch hands over a Request; it goes out as every call of this client always has (spec A
 * §7): `fetch(path, init)` on this origin, the init holding the method, the headers the middleware
 * set, the body, credentials and the signal. `fetch` is looked up at call time so that tests can
 * stub it.
 */
async function send(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {
    "Content-Type": request.headers.get("Content-Type") ?? "application/json",
  };
  const authorization = request.headers.get("Authorization");
  if (authorization) headers.Authorization = authorization;
  return globalThis.fetch(`${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: request.body === null ? undefined : await request.text(),
    credentials: "include",
    signal: request.signal,
  });
}

const serializeQuery = createQuerySerializer();

/** A query value left undefined or empty is not sent: an empty filter is no filter. */
function queryString(query: Record<string, unknown>): string {
  return serializeQuery(Object.fromEntries(Object.entries(query).filter(([, value]) => value !== "")));
}

/**
 * The typed client: each path, its parameters, body and answer come from the server's route
 * schemas (src/client/api/schema.d.ts, `npm run api:types`). The page's origin is the base because
 * openapi-fetch builds a Request, which needs an absolute URL outside a browser (jsdom tests).
 */
export const api = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? "",
  credentials: "include",
  fetch: send,
  querySerializer: queryString,
});
api.use(sessionMiddleware);

/** The JSON request body of a path and method, as the route schema reads it. */
export type RequestBodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** One of the typed client's results (openapi-fetch's FetchResponse). */
interface CallResult {
  error?: unknown;
  response: Response;
}

/** The answer type of a typed call: the data of its success branch (undefined for 204). */
export type SuccessData<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * The answer of a typed call. The middleware has already thrown an ApiError for a non-OK reply, so
 * the error branch is only a guard.
 */
export async function answerOf<R extends CallResult>(call: Promise<R>): Promise<SuccessData<R>> {
  const result = await call;
  if (result.error !== undefined) {
    throw new ApiError(result.response.status, result.response.statusText, JSON.stringify(result.error));
  }
  return (result as R & { data: SuccessData<R> }).data;
}

/** A typed GET of a paged list: its rows and the X-Total-Count header (the rows' count without it). */
export async function pageOf<R extends CallResult>(
  call: Promise<R>,
): Promise<ListPage<SuccessData<R> extends ReadonlyArray<infer Row> ? Row : never>> {
  const { response } = await call;
  const items = await answerOf(call);
  const rows = Array.isArray(items) ? items : [];
  return { items: rows, total: Number(response.headers.get("X-Total-Count") ?? rows.length) };
}
