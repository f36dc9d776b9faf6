import { TOOL_USER_AGENT } from "./tool-user-agent.ts";

/** How long one call to a platform (token, roster page, score) may take. */
export const PLATFORM_TIMEOUT_MS = 15_000;

/** A call to a platform did not answer 2xx, or did not answer at all. */
export class PlatformCallError extends Error {
  constructor(
    /** The HTTP status, or null when the platform could not be reached (or timed out). */
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = "PlatformCallError";
  }
}

/** "the LMS answered 500 (…)": the status and the first characters of the body. */
async function refusalText(response: Response): Promise<string> {
  const body = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim();
  const detail = body.length > 200 ? `${body.slice(0, 200)}…` : body;
  return `the LMS answered ${response.status}${detail ? ` (${detail})` : ""}`;
}

/**
 * A call to a platform with the tool's User-Agent and a timeout. Answers the response when it is
 * 2xx; throws a PlatformCallError otherwise (its status and the start of the body) or when the
 * platform is unreachable.
 */
export async function platformFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("user-agent", TOOL_USER_AGENT);
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch (error) {
    const host = URL.canParse(url) ? new URL(url).host : url;
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new PlatformCallError(
      null,
      timedOut ? `${host} did not answer in time` : `${host} could not be reached`,
    );
  }
  if (!response.ok) throw new PlatformCallError(response.status, await refusalText(response));
  return response;
}
