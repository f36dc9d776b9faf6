import type { FastifyInstance } from "fastify";
import { enforceAccess } from "../../lib/access.ts";
import type { SessionStore } from "./session.store.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Who is calling, then whether they may, on every /api route: before body validation, so a
 * stranger learns nothing about the body rules. The route's declared access rule decides.
 */
export function registerSessionCheck(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest("caller", null);
  app.decorateRequest("sessionHash", null);
  app.addHook("onRequest", async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    const bearer = BEARER.exec(request.headers.authorization ?? "")?.[1];
    // The cookie exists for downloads opened in a new tab; alone it authorises only reads.
    const readOnly = request.method === "GET" || request.method === "HEAD";
    const sessionId = bearer ?? (readOnly ? request.cookies[SESSION_COOKIE] : undefined);
    if (sessionId) {
      const resolved = await sessions.resolve(sessionId);
      if (resolved) {
        const { faculty } = resolved;
        request.caller = { id: faculty.id, email: faculty.email, role: faculty.role, faculty };
        request.sessionHash = resolved.idHash;
      }
    }
    enforceAccess(rule, request.caller, request);
  });
}
