import type { AppConfig } from "../../config.ts";

/**
 * An absolute address of the app for a message: on PUBLIC_URL, else on the server's own address
 * from its configuration. Never on a request's Host or Origin header: a forged Host would send a
 * reset link to someone else's site.
 */
export function appUrl(config: Pick<AppConfig, "publicUrl" | "host" | "port">, path: string): string {
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const base = config.publicUrl ?? `http://${host}:${config.port}`;
  return new URL(path, base).toString();
}
