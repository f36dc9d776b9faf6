import { ApiError, answerOf, api } from "#client/lib/api-client.ts";

// Institution sign-in on the signed-out page: plain calls, without React Query
// (docs/decisions/0024-signed-out-page-under-100-kb.md).

export interface SsoChoice {
  providerId: string;
  displayName: string;
}

/** Where the browser goes (a navigation, not a call) to sign in at the institution's provider. */
export const ssoStartHref = (providerId: string) => `/api/auth/sso/${encodeURIComponent(providerId)}/start`;

/** GET /api/auth/sso/providers: the enabled sign-in options. */
export const getSsoProviders = async (signal?: AbortSignal): Promise<SsoChoice[]> =>
  (await answerOf(api.GET("/api/auth/sso/providers", { signal }))).providers;

/** GET /api/auth/sso/discover: the option of an e-mail's domain; null when there is none (404). */
export async function discoverSsoProvider(email: string, signal?: AbortSignal): Promise<SsoChoice | null> {
  try {
    return await answerOf(api.GET("/api/auth/sso/discover", { params: { query: { email } }, signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/auth/sso/exchange: the one-time code of /sso/complete for a session (as a sign-in). */
export const exchangeSsoCode = (code: string) =>
  answerOf(api.POST("/api/auth/sso/exchange", { body: { code } }));
