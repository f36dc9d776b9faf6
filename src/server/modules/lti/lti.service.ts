import { randomUUID } from "node:crypto";
import type { LtiPlatform, LtiPlatformInput } from "#shared/schemas/lti.ts";
import type { AppConfig } from "../../config.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { appUrl } from "../../platform/mail/links.ts";
import { createPlatformNotFoundError, createPlatformTakenError } from "./lti.errors.ts";
import type { LtiRepository, PlatformWithDeployments } from "./lti.repository.ts";

/** The LTI Advantage scopes the tool asks for: grades (AGS) and rosters (NRPS). */
export const SCOPES = [
  "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
  "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
  "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
];

/**
 * What an LMS's administrator enters for the tool: its keyset, login and launch addresses (on
 * PUBLIC_URL, else the server's own address), and the developer key JSON Canvas takes as is.
 */
export function toolAddresses(config: Pick<AppConfig, "publicUrl" | "host" | "port">) {
  const jwksUrl = appUrl(config, "/lti/jwks");
  const loginUrl = appUrl(config, "/lti/login");
  const launchUrl = appUrl(config, "/lti/launch");
  // One launch address takes every message type; deep linking is told apart by its message type.
  const deepLinkingUrl = launchUrl;
  const canvasConfiguration = {
    title: "Pivot & Launch",
    description: "Project-based learning with the Pivot-and-Launch method: concept practice and projects.",
    oidc_initiation_url: loginUrl,
    target_link_uri: launchUrl,
    public_jwk_url: jwksUrl,
    scopes: SCOPES,
    extensions: [
      {
        platform: "canvas.instructure.com",
        privacy_level: "public",
        settings: {
          placements: ["link_selection", "assignment_selection"].map((placement) => ({
            placement,
            message_type: "LtiDeepLinkingRequest",
            target_link_uri: deepLinkingUrl,
          })),
        },
      },
    ],
  };
  return { jwksUrl, loginUrl, launchUrl, deepLinkingUrl, canvasConfiguration };
}

export function toLtiPlatform(row: PlatformWithDeployments, tool: LtiPlatform["tool"]): LtiPlatform {
  return {
    id: row.id,
    issuer: row.issuer,
    clientId: row.clientId,
    authLoginUrl: row.authLoginUrl,
    authTokenUrl: row.authTokenUrl,
    keysetUrl: row.keysetUrl,
    deploymentIds: row.deploymentIds,
    institution: row.institution,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tool,
  };
}

/** The platforms the super admin registers by hand (Administration → LMS). */
export function createLtiPlatformsService(deps: { platforms: LtiRepository }) {
  const { platforms } = deps;
  const split = ({ deploymentIds, ...values }: LtiPlatformInput) => ({
    values,
    deploymentIds: [...new Set(deploymentIds)],
  });

  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw createPlatformTakenError();
      throw error;
    }
  }

  return {
    list: () => platforms.list(),

    async create(input: LtiPlatformInput) {
      const id = randomUUID();
      const { values, deploymentIds } = split(input);
      await guarded(() => platforms.insert(id, values, deploymentIds));
      const row = await platforms.find(id);
      if (!row) throw createPlatformNotFoundError();
      return row;
    },

    async update(id: string, input: LtiPlatformInput) {
      const { values, deploymentIds } = split(input);
      if (!(await guarded(() => platforms.replace(id, values, deploymentIds))))
        throw createPlatformNotFoundError();
      const row = await platforms.find(id);
      if (!row) throw createPlatformNotFoundError();
      return row;
    },

    async remove(id: string) {
      if (!(await platforms.delete(id))) throw createPlatformNotFoundError();
    },
  };
}

export type LtiPlatformsService = ReturnType<typeof createLtiPlatformsService>;
