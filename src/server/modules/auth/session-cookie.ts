import type { FastifyReply, FastifyRequest } from "fastify";

/** The cookie that carries the session id: set at sign-in, read by GET requests and by routes that sign out. */
export const SESSION_COOKIE = "pl_session";

/** Sets the session cookie at a sign-in (password or institution): HTTP only, for the session's life. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  session: { maxAgeMs: number },
) {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/",
    maxAge: Math.floor(session.maxAgeMs / 1000),
  });
}
