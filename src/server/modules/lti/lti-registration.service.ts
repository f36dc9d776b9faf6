import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { LTI_REGISTRATION_MESSAGES, type LtiRegistrationInvitation } from "#shared/schemas/lti.ts";
import type { AppConfig } from "../../config.ts";
import type { AppError } from "../../lib/errors.ts";
import { appUrl } from "../../platform/mail/links.ts";
import {
  httpUrl,
  platformConfigurationSchema,
  platformRequest,
  registrationAnswerSchema,
  toolRegistration,
} from "./dynamic-registration.ts";
import {
  createRegistrationConfigurationError,
  createRegistrationInvitationInvalidError,
  createRegistrationIssuerMismatchError,
  createRegistrationOtherInstitutionError,
  createRegistrationRefusedError,
  createRegistrationRequestInvalidError,
} from "./lti.errors.ts";
import type { toolAddresses } from "./lti.service.ts";
import type { LtiRegistrationRepository } from "./lti-registration.repository.ts";

/** How long an invitation to dynamic registration stays usable. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** What the LMS's administrator's browser brings to /lti/register (Dynamic Registration 1.0 §3.3). */
export interface RegistrationRequest {
  invitation?: string;
  openidConfiguration?: string;
  registrationToken?: string;
}

/**
 * Dynamic registration by invitation: anyone may open /lti/register, so only an address the super
 * admin made (for one institution, once, within a week) lets an LMS register itself; without it any
 * server could become an LMS of any institution and sign people in by e-mail.
 */
export function createLtiRegistrationService(deps: {
  invitations: LtiRegistrationRepository;
  tool: ReturnType<typeof toolAddresses>;
  config: Pick<AppConfig, "publicUrl" | "host" | "port">;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { invitations, tool, config, now, log } = deps;

  /** Logs why a registration was refused (never shown to the LMS's administrator) and answers its error. */
  const refusal = (error: AppError, reason: string, details: Record<string, unknown> = {}) => {
    log.warn({ ...details, reason }, "LTI dynamic registration refused");
    return error;
  };

  return {
    async invite(institution: string): Promise<LtiRegistrationInvitation> {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now().getTime() + INVITATION_LIFETIME_MS);
      await invitations.insertInvitation({ tokenHash: hashOf(token), institution, expiresAt, now: now() });
      return {
        url: appUrl(config, `/lti/register?${new URLSearchParams({ invitation: token })}`),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Registers the tool with the LMS that sent the request; throws a refusal (lti.errors.ts). */
    async register(request: RegistrationRequest): Promise<{ issuer: string; platformId: string }> {
      if (!request.invitation) throw refusal(createRegistrationInvitationInvalidError(), "no invitation");
      const tokenHash = hashOf(request.invitation);
      const invitation = await invitations.usableInvitation(tokenHash, now());
      if (!invitation) {
        throw refusal(createRegistrationInvitationInvalidError(), "unknown, used or expired invitation");
      }
      const configurationUrl = httpUrl(request.openidConfiguration);
      if (!configurationUrl) {
        throw refusal(createRegistrationRequestInvalidError(), "no http(s) openid_configuration");
      }
      const where = { openidConfiguration: configurationUrl.href, institution: invitation.institution };

      const configuration = await platformRequest(configurationUrl.href, { method: "GET" }).catch(
        (error: Error) => {
          throw refusal(createRegistrationConfigurationError(), "configuration unreachable", {
            ...where,
            error: error.message,
          });
        },
      );
      if (!configuration.ok) {
        throw refusal(createRegistrationConfigurationError(), "configuration answered an error", {
          ...where,
          status: configuration.status,
        });
      }
      const parsed = platformConfigurationSchema.safeParse(configuration.body);
      if (!parsed.success) {
        throw refusal(
          createRegistrationConfigurationError(LTI_REGISTRATION_MESSAGES.configurationInvalid),
          "configuration invalid",
          {
            ...where,
            issues: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
          },
        );
      }
      const platform = parsed.data;
      // §3.5.1: the issuer must be the configuration's own, or any server could speak for any LMS.
      if (new URL(platform.issuer).origin !== configurationUrl.origin) {
        throw refusal(createRegistrationIssuerMismatchError(), "issuer of another origin", {
          ...where,
          issuer: platform.issuer,
        });
      }

      const answer = await platformRequest(platform.registration_endpoint, {
        method: "POST",
        bearer: request.registrationToken,
        body: toolRegistration(tool),
      }).catch((error: Error) => {
        throw refusal(
          createRegistrationRefusedError(LTI_REGISTRATION_MESSAGES.registrationUnreachable),
          "registration endpoint unreachable",
          { ...where, error: error.message },
        );
      });
      if (!answer.ok) {
        throw refusal(createRegistrationRefusedError(), "registration refused", {
          ...where,
          status: answer.status,
        });
      }
      const registered = registrationAnswerSchema.safeParse(answer.body);
      if (!registered.success) {
        throw refusal(
          createRegistrationRefusedError(LTI_REGISTRATION_MESSAGES.clientIdMissing),
          "answer without client_id",
          where,
        );
      }
      const clientId = registered.data.client_id;
      const deploymentId =
        registered.data["https://purl.imsglobal.org/spec/lti-tool-configuration"]?.deployment_id ?? null;

      const outcome = await invitations.register({
        tokenHash,
        now: now(),
        institution: invitation.institution,
        platform: {
          issuer: platform.issuer,
          clientId,
          authLoginUrl: platform.authorization_endpoint,
          authTokenUrl: platform.token_endpoint,
          keysetUrl: platform.jwks_uri,
        },
        deploymentId,
      });
      if (outcome.kind === "invitation-gone") {
        throw refusal(createRegistrationInvitationInvalidError(), "invitation used meanwhile", where);
      }
      if (outcome.kind === "other-institution") {
        throw refusal(
          createRegistrationOtherInstitutionError(),
          "issuer and client id of another institution",
          {
            ...where,
            issuer: platform.issuer,
            clientId,
          },
        );
      }
      log.info(
        { ...where, issuer: platform.issuer, clientId, deploymentId, platformId: outcome.platformId },
        "LTI platform registered dynamically",
      );
      return { issuer: platform.issuer, platformId: outcome.platformId };
    },
  };
}

export type LtiRegistrationService = ReturnType<typeof createLtiRegistrationService>;
