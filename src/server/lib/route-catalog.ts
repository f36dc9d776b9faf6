import type { FastifyInstance } from "fastify";
import { errorResponseSchema } from "#shared/schemas/responses.ts";
import type { RouteAccess } from "./access.ts";

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /**
   * The route's declared schemas (zod): the requests, which the generated bad-input test reads,
   * and the answers by status.
   */
  schema: { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api and /lti route with its declared access rule, in registration order. */
    routeCatalog: RouteEntry[];
  }
}

/**
 * The /api routes that answer without a response schema, each with its reason
 * (docs/decisions/0005-answers-sent-through-response-schemas.md). Nothing outside /api is part of the API
 * contract: the built client's files
 * and index.html for the client's own routes (@fastify/static hides them from the OpenAPI document).
 */
export const UNDECLARED_ANSWERS: Readonly<Record<string, string>> = {
  "GET /api/docs":
    "the OpenAPI document itself: its shape is OpenAPI's, not ours, it describes every other answer, and it is hidden from itself",
};

/** Why a route answers without a schema, or undefined when it must declare one (HEAD is its GET). */
export const undeclaredAnswerReason = (method: string, url: string): string | undefined =>
  UNDECLARED_ANSWERS[`${method === "HEAD" ? "GET" : method} ${url}`];

/**
 * The success statuses a route declares an answer for ("200", "201", "204", "2xx", or a redirect
 * such as "302" for a step of a sign-in the browser follows).
 */
export const declaredSuccesses = (response: Record<string, unknown> | undefined): string[] =>
  Object.keys(response ?? {}).filter((status) => status.startsWith("2") || status.startsWith("3"));

/** The routes the catalogue holds: the API, and the LTI endpoints platforms call (public by design). */
const isCatalogued = (url: string) => url.startsWith("/api") || url.startsWith("/lti/");

/**
 * Records every /api and /lti route with its access rule and schemas, and refuses one that declares no
 * access rule or no answer: building the app fails, so no route can be added without saying who
 * may call it and what it answers. Every declared route also gets the one error answer for 4xx
 * (lib/error-handler.ts), so the OpenAPI document shows it.
 */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routeCatalog: RouteEntry[] = [];
  app.decorate("routeCatalog", routeCatalog);
  app.addHook("onRoute", (route) => {
    if (!isCatalogued(route.url)) return;
    const methods = [route.method].flat();
    const label = `Route ${methods.join(",")} ${route.url}`;
    const rule = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!rule) throw new Error(`${label} declares no access rule`);
    const declared = route.schema?.response as Record<string, unknown> | undefined;
    const exempt = methods.every((method) => undeclaredAnswerReason(method, route.url) !== undefined);
    if (!exempt && declaredSuccesses(declared).length === 0) {
      throw new Error(`${label} declares no response schema for its success answer (schema.response)`);
    }
    if (declared && !declared["4xx"]) {
      route.schema = { ...route.schema, response: { ...declared, "4xx": errorResponseSchema } };
    }
    const { params, querystring, body, response } = (route.schema ?? {}) as RouteEntry["schema"];
    const schema = { params, querystring, body, response };
    for (const method of methods) routeCatalog.push({ method, url: route.url, access: rule, schema });
  });
}
