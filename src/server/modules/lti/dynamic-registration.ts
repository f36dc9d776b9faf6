import { z } from "zod";
import { SCOPES, type toolAddresses } from "./lti.service.ts";
import { TOOL_USER_AGENT } from "./tool-user-agent.ts";

// IMS LTI Dynamic Registration 1.0, tool side: what the platform's OpenID configuration must hold,
// the tool's registration, and what the platform must answer to it.

const LTI_TOOL_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-tool-configuration";

/** How long the tool waits for the platform's configuration or its answer to the registration. */
export const PLATFORM_TIMEOUT_MS = 10_000;

/** An http(s) address, or undefined. */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== "string" || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return ["http:", "https:"].includes(url.protocol) ? url : undefined;
}

const address = z.string().refine((value) => httpUrl(value) !== undefined, "must be an http(s) address");

/** §3.4: the platform's OpenID configuration, the members the tool needs. */
export const platformConfigurationSchema = z.object({
  issuer: address,
  authorization_endpoint: address,
  token_endpoint: address,
  jwks_uri: address,
  registration_endpoint: address,
});
export type PlatformConfiguration = z.infer<typeof platformConfigurationSchema>;

const identifier = z.union([z.string().trim().min(1), z.number()]).transform(String);

/** §3.6: the platform's answer: the client id it gave the tool, and the deployment it made. */
export const registrationAnswerSchema = z.object({
  client_id: identifier,
  [LTI_TOOL_CONFIGURATION]: z.object({ deployment_id: identifier.optional() }).optional(),
});

/** §3.5.2: the tool's registration (an OpenID client registration with the LTI tool configuration). */
export function toolRegistration(tool: ReturnType<typeof toolAddresses>) {
  return {
    application_type: "web",
    response_types: ["id_token"],
    grant_types: ["implicit", "client_credentials"],
    initiate_login_uri: tool.loginUrl,
    redirect_uris: [tool.launchUrl],
    client_name: "Pivot & Launch",
    jwks_uri: tool.jwksUrl,
    token_endpoint_auth_method: "private_key_jwt",
    scope: SCOPES.join(" "),
    [LTI_TOOL_CONFIGURATION]: {
      domain: new URL(tool.launchUrl).host,
      target_link_uri: tool.launchUrl,
      claims: ["iss", "sub", "name", "email"],
      messages: [
        { type: "LtiDeepLinkingRequest", target_link_uri: tool.deepLinkingUrl, label: "Pivot & Launch" },
      ],
    },
  };
}

/**
 * One request to the platform, its answer read as JSON (undefined when it is not JSON). Redirects
 * are not followed: the configuration must come from the address whose origin the issuer is checked
 * against. Throws when the platform cannot be reached in time.
 */
export async function platformRequest(
  url: string,
  init: { method: "GET" | "POST"; bearer?: string; body?: unknown },
): Promise<{ status: number; ok: boolean; body: unknown }> {
  const headers: Record<string, string> = { accept: "application/json", "user-agent": TOOL_USER_AGENT };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
    signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, ok: response.ok, body };
}
