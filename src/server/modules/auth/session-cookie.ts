/** The cookie that carries the session id: set at sign-in, read by GET requests and by routes that sign out. */
export const SESSION_COOKIE = "pl_session";
