import "fastify";
import type { Caller, RouteAccess } from "./access.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller | null;
    sessionHash: string | null;
  }
}
