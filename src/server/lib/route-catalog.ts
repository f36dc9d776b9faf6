import type { FastifyInstance } from "fastify";
import type { RouteAccess } from "./access.ts";

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's declared request schemas (zod), which the generated bad-input test reads. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its declared access rule, in registration order. */
    routeCatalog: RouteEntry[];
  }
}

/**
 * Records every /api route with its access rule and schemas, and refuses one that declares no
 * access rule: building the app fails, so no route can be added without saying who may call it.
 */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routeCatalog: RouteEntry[] = [];
  app.decorate("routeCatalog", routeCatalog);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const rule = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!rule) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const { params, querystring, body } = route.schema ?? {};
    const schema = { params, querystring, body };
    for (const method of [route.method].flat())
      routeCatalog.push({ method, url: route.url, access: rule, schema });
  });
}
