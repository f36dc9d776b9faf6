import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { JWTPayload } from "jose";
import { institutionKey } from "#shared/domain/integrations.ts";
import type { LtiLaunchNext, LtiLaunchSummary } from "#shared/schemas/lti.ts";
import type { Caller } from "../../lib/access.ts";
import { isForeignKeyViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { SessionStore } from "../auth/session.store.ts";
import type { LmsEnrolments } from "../enrolment/enrolment.service.ts";
import { toFaculty } from "../faculty/faculty.presenter.ts";
import type { FacultyAccounts, FacultyRow } from "../faculty/faculty.service.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import { createLaunchExpiredError, createLtiProjectNotFoundError } from "./lti.errors.ts";
import type { LtiRepository, PlatformWithDeployments } from "./lti.repository.ts";
import type { toolAddresses } from "./lti.service.ts";
import type { LtiLaunchClaims } from "./lti.table.ts";
import type { LtiAccounts } from "./lti-accounts.ts";
import { roleFromLti } from "./lti-accounts.ts";
import type { LtiLaunchRepository, LtiLaunchRow } from "./lti-launch.repository.ts";
import type { LinkServices, LtiLinksRepository } from "./lti-links.repository.ts";
import { LtiRefusal } from "./lti-refusals.ts";
import type { PlatformKeysets } from "./platform-keysets.ts";
import type { ToolKeys } from "./tool-keys.ts";

const LOGIN_STATE_TTL_MS = 10 * 60_000;
/** The one-time code of `/lti/complete`, as institution sign-in's. */
const LAUNCH_CODE_TTL_MS = 60_000;
/** How long the picker and deep-linking steps may name a launch. */
const LAUNCH_TTL_MS = 60 * 60_000;

const LTI = "https://purl.imsglobal.org/spec/lti/claim";
const CLAIM = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  resourceLink: `${LTI}/resource_link`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  custom: `${LTI}/custom`,
  nrps: "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice",
  ags: "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint",
  deepLinking: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
} as const;
const MESSAGE_TYPES = ["LtiResourceLinkRequest", "LtiDeepLinkingRequest"] as const;

/** The custom parameter a deep-linked resource link carries: the project, sealed by the tool. */
const PROJECT_PARAMETER = "pl_project";
/** Bound to the platform: a sealed reference copied into another LMS opens nothing there. */
const projectSeal = (platformId: string) => `lti-deep-link-project:${platformId}`;
/** The custom parameter of the Practice link. */
const TARGET_PARAMETER = "pl_target";

export const LTI_LAUNCH_MESSAGES = {
  notLinked:
    "Your instructor has not linked this course to a Pivot & Launch project yet. Please try again later.",
  barred: "Your instructor removed you from this project. Please contact them if this is a mistake.",
  otherOwner:
    "This course is linked to a project of another instructor. Ask them to share it with you in Pivot & Launch.",
} as const;

export interface LoginRequest {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asText = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** What an id_token says, read once its signature and registered claims were checked. */
function readClaims(payload: JWTPayload): LtiLaunchClaims & { roles: string[] } {
  const messageType = payload[CLAIM.messageType];
  if (!MESSAGE_TYPES.includes(messageType as (typeof MESSAGE_TYPES)[number])) {
    throw new LtiRefusal("message", `message type ${String(messageType)}`);
  }
  if (payload[CLAIM.version] !== "1.3.0")
    throw new LtiRefusal("message", `version ${String(payload[CLAIM.version])}`);
  const roles = Array.isArray(payload[CLAIM.roles]) ? (payload[CLAIM.roles] as unknown[]).map(String) : [];
  const role = roleFromLti(roles);
  if (!role) throw new LtiRefusal("role", roles.join(" "));
  const context = asRecord(payload[CLAIM.context]);
  const resourceLink = asRecord(payload[CLAIM.resourceLink]);
  const nrps = asRecord(payload[CLAIM.nrps]);
  const ags = asRecord(payload[CLAIM.ags]);
  const deepLinking = asRecord(payload[CLAIM.deepLinking]);
  const claims: LtiLaunchClaims & { roles: string[] } = {
    messageType: messageType as LtiLaunchClaims["messageType"],
    role,
    roles,
    contextId: asText(context.id),
    contextTitle: asText(context.title) ?? asText(context.label),
    resourceLinkId: asText(resourceLink.id),
    resourceLinkTitle: asText(resourceLink.title),
    membershipsUrl: asText(nrps.context_memberships_url),
    lineItemsUrl: asText(ags.lineitems),
    lineItemUrl: asText(ags.lineitem),
    deepLinkReturnUrl: asText(deepLinking.deep_link_return_url),
    deepLinkData: asText(deepLinking.data),
  };
  if (claims.messageType === "LtiResourceLinkRequest" && (!claims.resourceLinkId || !claims.contextId)) {
    throw new LtiRefusal("invalidToken", "a resource link launch without its link or course");
  }
  if (claims.messageType === "LtiDeepLinkingRequest") {
    if (!claims.deepLinkReturnUrl) throw new LtiRefusal("invalidToken", "no deep_link_return_url");
    if (role !== "instructor") throw new LtiRefusal("deepLinkingRole");
  }
  return claims;
}

/**
 * LTI 1.3 launches (docs/decisions/0060-lms-bridge.md): the third-party initiated login, the
 * id_token's validation, the account and project it leads to, and the deep-linking answer. No
 * cookie carries anything: the state and nonce live in the database, and the browser gets a
 * one-time code it trades for a session, as institution sign-in does.
 */
export function createLtiLaunchService(deps: {
  platforms: LtiRepository;
  launches: LtiLaunchRepository;
  links: LtiLinksRepository;
  people: LtiAccounts;
  accounts: FacultyAccounts;
  sessions: SessionStore;
  enrolments: LmsEnrolments;
  projects: ProjectAccess;
  keysets: PlatformKeysets;
  keys: ToolKeys;
  box: SecretBox;
  tool: ReturnType<typeof toolAddresses>;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { platforms, launches, links, people, accounts, sessions, enrolments, projects, keysets } = deps;
  const { keys, box, tool, now, log } = deps;

  async function platformOf(issuer: string | undefined, clientId: string | undefined) {
    if (!issuer) throw new LtiRefusal("unknownPlatform", "no iss");
    const found = await platforms.findByIssuer(issuer, clientId || undefined);
    // Without a client id the issuer must name one platform (one Canvas, many institutions: it must).
    if (found.length !== 1 || !found[0])
      throw new LtiRefusal("unknownPlatform", `${issuer} ${clientId ?? ""}`);
    return found[0];
  }

  /** The project a deep-linked link carries, when the tool sealed it for this platform. */
  function sealedProject(custom: Record<string, unknown>, platformId: string): number | null {
    const sealed = asText(custom[PROJECT_PARAMETER]);
    if (!sealed) return null;
    try {
      return Number(box.decrypt(sealed, projectSeal(platformId)));
    } catch {
      return null;
    }
  }

  /** Where a resource link launch leads its person, after the link is mapped (or not). */
  async function resourceLinkNext(
    platform: PlatformWithDeployments,
    deploymentId: string,
    claims: LtiLaunchClaims,
    custom: Record<string, unknown>,
    account: FacultyRow,
    launchId: string,
  ): Promise<LtiLaunchNext> {
    const key = { platformId: platform.id, deploymentId, resourceLinkId: claims.resourceLinkId ?? "" };
    const services: LinkServices = {
      contextId: claims.contextId ?? "",
      contextTitle: claims.contextTitle,
      membershipsUrl: claims.membershipsUrl,
      lineItemsUrl: claims.lineItemsUrl,
      lineItemUrl: claims.lineItemUrl,
    };
    let link = await links.find(key);
    if (link) {
      await links.refresh(link.id, services);
    } else {
      // A link made by deep linking names its project (sealed by the tool, so not one an LMS chose).
      const projectId = sealedProject(custom, platform.id);
      if (projectId !== null) {
        // The project may have been deleted since: the link then has none.
        link = await links
          .save(key, projectId, services)
          .catch((error: unknown) => (isForeignKeyViolation(error) ? undefined : Promise.reject(error)));
      }
    }
    if (claims.role === "student") {
      if (!link) return { message: LTI_LAUNCH_MESSAGES.notLinked };
      if (await enrolments.isBarred(link.projectId, account.id))
        return { message: LTI_LAUNCH_MESSAGES.barred };
      await enrolments.enrolFromLms(link.projectId, account.id);
      // The Practice link (deep linking's second item) opens the project's practice.
      return custom[TARGET_PARAMETER] === "practice"
        ? { path: `/student/practice?projectId=${link.projectId}` }
        : { path: `/student/projects/${link.projectId}` };
    }
    if (!link) return { path: `/lti/link/${launchId}` };
    const owned = await projects.findReadable(link.projectId, {
      id: account.id,
      role: account.role,
      institution: institutionKey(account.institution),
      isAdmin: false,
    });
    return owned ? { path: `/projects/${link.projectId}` } : { message: LTI_LAUNCH_MESSAGES.otherOwner };
  }

  async function ownLaunch(id: string, caller: Caller): Promise<LtiLaunchRow> {
    const launch = await launches.find(id, caller.id, now());
    if (!launch) throw createLaunchExpiredError();
    return launch;
  }

  async function ownedProject(projectId: number, caller: Caller) {
    const project = await projects.findReadable(projectId, viewerOf(caller));
    if (!project) throw createLtiProjectNotFoundError();
    return project;
  }

  return {
    /** GET|POST /lti/login: where the browser goes next (the platform's authorization endpoint). */
    async login(request: LoginRequest): Promise<string> {
      if (!request.login_hint || !request.target_link_uri) {
        throw new LtiRefusal("invalidToken", "login without login_hint or target_link_uri");
      }
      const platform = await platformOf(request.iss, request.client_id);
      if (request.lti_deployment_id && !platform.deploymentIds.includes(request.lti_deployment_id)) {
        throw new LtiRefusal("unknownDeployment", request.lti_deployment_id);
      }
      const state = randomBytes(32).toString("base64url");
      const nonce = randomBytes(32).toString("base64url");
      await launches.keepState(
        { state, nonce, platformId: platform.id, expiresAt: new Date(now().getTime() + LOGIN_STATE_TTL_MS) },
        now(),
      );
      const url = new URL(platform.authLoginUrl);
      const parameters = {
        scope: "openid",
        response_type: "id_token",
        response_mode: "form_post",
        prompt: "none",
        client_id: platform.clientId,
        redirect_uri: tool.launchUrl,
        login_hint: request.login_hint,
        state,
        nonce,
        ...(request.lti_message_hint ? { lti_message_hint: request.lti_message_hint } : {}),
      };
      for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
      return url.toString();
    },

    /** POST /lti/launch: the id_token checked, the person signed in by a one-time code. */
    async launch(form: { id_token?: string; state?: string }): Promise<string> {
      const login = form.state ? await launches.takeState(form.state) : undefined;
      if (!login) throw new LtiRefusal("state", "unknown or used state");
      if (login.expiresAt.getTime() < now().getTime()) throw new LtiRefusal("expired", "login state expired");
      if (!form.id_token) throw new LtiRefusal("invalidToken", "no id_token");
      const platform = await platforms.find(login.platformId);
      // Deleted since the login began (its states go with it, but this one was already taken).
      if (!platform) throw new LtiRefusal("unknownPlatform", `platform ${login.platformId} deleted`);
      const payload = await keysets.verify(form.id_token, platform);
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp === undefined) {
        throw new LtiRefusal("invalidToken", "several audiences and no azp");
      }
      if (payload.azp !== undefined && payload.azp !== platform.clientId) {
        throw new LtiRefusal("invalidToken", `azp ${String(payload.azp)}`);
      }
      if (payload.nonce !== login.nonce)
        throw new LtiRefusal("invalidToken", "nonce does not match the login's");
      const deploymentId = asText(payload[CLAIM.deploymentId]);
      if (!deploymentId || !platform.deploymentIds.includes(deploymentId)) {
        throw new LtiRefusal("unknownDeployment", deploymentId ?? "none");
      }
      const { roles, ...claims } = readClaims(payload);
      const account = await people.accountFor(platform, {
        subject: String(payload.sub),
        name: asText(payload.name) ?? [payload.given_name, payload.family_name].filter(Boolean).join(" "),
        email: asText(payload.email),
        role: claims.role,
      });
      const code = randomBytes(32).toString("base64url");
      const id = randomUUID();
      await launches.keepLaunch(
        {
          id,
          platformId: platform.id,
          deploymentId,
          facultyId: account.id,
          claims: { ...claims, custom: asRecord(payload[CLAIM.custom]) },
          codeHash: hashCode(code),
          codeExpiresAt: new Date(now().getTime() + LAUNCH_CODE_TTL_MS),
          expiresAt: new Date(now().getTime() + LAUNCH_TTL_MS),
        },
        now(),
      );
      log.info(
        { platformId: platform.id, facultyId: account.id, messageType: claims.messageType, roles },
        "LTI launch",
      );
      return `/lti/complete?code=${code}`;
    },

    /** POST /api/lti/exchange: the code for a session, once, within a minute; and where to go. */
    async exchange(code: string, userAgent: string | undefined) {
      const launch = await launches.takeCode(hashCode(code));
      if (!launch || launch.codeExpiresAt.getTime() < now().getTime()) throw createLaunchExpiredError();
      const account = await accounts.findById(launch.facultyId);
      if (account?.status !== "approved") throw createLaunchExpiredError();
      const platform = await platforms.find(launch.platformId);
      if (!platform) throw createLaunchExpiredError();
      const { claims } = launch;
      const next: LtiLaunchNext =
        claims.messageType === "LtiDeepLinkingRequest"
          ? { path: `/lti/deep-link/${launch.id}` }
          : await resourceLinkNext(
              platform,
              launch.deploymentId,
              claims,
              claims.custom ?? {},
              account,
              launch.id,
            );
      const sessionId = await sessions.create(account.id, userAgent);
      return { sessionId, faculty: toFaculty(account), next };
    },

    /** GET /api/lti/launches/:id: what the picker shows of the person's own launch. */
    async summary(id: string, caller: Caller): Promise<LtiLaunchSummary> {
      const launch = await ownLaunch(id, caller);
      const platform = await platforms.find(launch.platformId);
      return {
        id: launch.id,
        messageType: launch.claims.messageType,
        courseTitle: launch.claims.contextTitle,
        linkTitle: launch.claims.resourceLinkTitle,
        lms: platform ? new URL(platform.issuer).host : "",
      };
    },

    /** POST /api/lti/launches/:id/link: the instructor's choice of project for the launch's link. */
    async link(id: string, projectId: number, caller: Caller) {
      const launch = await ownLaunch(id, caller);
      const { claims } = launch;
      if (claims.messageType !== "LtiResourceLinkRequest" || !claims.resourceLinkId || !claims.contextId) {
        throw createLaunchExpiredError();
      }
      await ownedProject(projectId, caller);
      await links.save(
        {
          platformId: launch.platformId,
          deploymentId: launch.deploymentId,
          resourceLinkId: claims.resourceLinkId,
        },
        projectId,
        {
          contextId: claims.contextId,
          contextTitle: claims.contextTitle,
          membershipsUrl: claims.membershipsUrl,
          lineItemsUrl: claims.lineItemsUrl,
          lineItemUrl: claims.lineItemUrl,
        },
      );
      log.info({ launchId: id, projectId }, "LMS link mapped to a project");
      return { path: `/projects/${projectId}` };
    },

    /**
     * POST /api/lti/launches/:id/deep-link: the signed LtiDeepLinkingResponse for the chosen project
     * (its page, and optionally its Practice with a gradebook line item), for the browser to post.
     */
    async deepLink(id: string, input: { projectId: number; practice: boolean }, caller: Caller) {
      const launch = await ownLaunch(id, caller);
      const { claims } = launch;
      if (claims.messageType !== "LtiDeepLinkingRequest" || !claims.deepLinkReturnUrl) {
        throw createLaunchExpiredError();
      }
      const project = await ownedProject(input.projectId, caller);
      const platform = await platforms.find(launch.platformId);
      if (!platform) throw createLaunchExpiredError();
      const custom = { [PROJECT_PARAMETER]: box.encrypt(String(project.id), projectSeal(platform.id)) };
      const practiceLabel = `Practice: ${project.title}`;
      const items: Record<string, unknown>[] = [
        { type: "ltiResourceLink", title: project.title, url: tool.launchUrl, custom },
      ];
      if (input.practice) {
        items.push({
          type: "ltiResourceLink",
          title: practiceLabel,
          url: tool.launchUrl,
          custom: { ...custom, [TARGET_PARAMETER]: "practice" },
          lineItem: { scoreMaximum: 100, label: practiceLabel, resourceId: `practice-${project.id}` },
        });
      }
      const { SignJWT } = await import("jose");
      const { kid, privateKey } = await keys.signingKey();
      const jwt = await new SignJWT({
        nonce: randomBytes(16).toString("base64url"),
        [CLAIM.messageType]: "LtiDeepLinkingResponse",
        [CLAIM.version]: "1.3.0",
        [CLAIM.deploymentId]: launch.deploymentId,
        "https://purl.imsglobal.org/spec/lti-dl/claim/content_items": items,
        ...(claims.deepLinkData
          ? { "https://purl.imsglobal.org/spec/lti-dl/claim/data": claims.deepLinkData }
          : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuer(platform.clientId)
        .setAudience(platform.issuer)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      log.info({ launchId: id, projectId: project.id, practice: input.practice }, "LTI deep link answered");
      return { returnUrl: claims.deepLinkReturnUrl, jwt };
    },
  };
}

export type LtiLaunchService = ReturnType<typeof createLtiLaunchService>;
