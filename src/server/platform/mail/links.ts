import type { AppConfig } from "../../config.ts";

/**
 * An absolute address of the app for a message: on PUBLIC_URL, else on the server's own
 * HOST:PORT. Never on a request's Host or Origin header: a forged Host would send a link (a
 * password reset's, an unsubscribe's) to another site.
 */
export function appUrl(config: Pick<AppConfig, "publicUrl" | "host" | "port">, path: string): string {
  // A server listening on every interface is reached on this machine as localhost at least.
  const listening = ["0.0.0.0", "::"].includes(config.host) ? "localhost" : config.host;
  const host = listening.includes(":") ? `[${listening}]` : listening;
  const base = config.publicUrl ?? `http://${host}:${config.port}`;
  return new URL(path, base).toString();
}
