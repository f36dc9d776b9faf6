import { randomBytes, randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type CryptoKey,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from "jose";

// A small LTI 1.3 platform (an LMS, as the tool sees it) for the tests, on jose: it signs id_tokens,
// serves its keyset, the OIDC authorization and token endpoints, dynamic registration, a Names and
// Role Provisioning Services membership and Assignment and Grade Services line items and scores,
// and records what the tool sent. Nothing here is mocked: the tool talks to it over HTTP.

const LTI = "https://purl.imsglobal.org/spec/lti/claim";
export const LTI_CLAIMS = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  targetLinkUri: `${LTI}/target_link_uri`,
  resourceLink: `${LTI}/resource_link`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  custom: `${LTI}/custom`,
  nrps: "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice",
  ags: "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint",
  deepLinkingSettings: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
  deepLinkingContentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  deepLinkingData: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
} as const;

export const LTI_ROLES = {
  instructor: "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
  teachingAssistant: "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant",
  learner: "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",
} as const;

/** A person of the LMS. */
export interface PlatformUser {
  sub: string;
  name: string;
  email?: string;
  roles: string[];
}

/** A course of the LMS, with its members (NRPS). */
export interface PlatformCourse {
  id: string;
  title: string;
  members: PlatformUser[];
}

/** What one launch will carry: who, from which course and link, and which message. */
export interface PreparedLaunch {
  user: PlatformUser;
  course: PlatformCourse;
  messageType?: "LtiResourceLinkRequest" | "LtiDeepLinkingRequest";
  resourceLinkId?: string;
  /** The link's line item (AGS), when the link was made with one. */
  lineItemId?: string;
  /** Changes to the id_token's claims, for the refusal tests (undefined removes a claim). */
  claims?: Record<string, unknown>;
  /** Sign with a key the platform does not publish. */
  forgedSignature?: boolean;
  /** Seconds until the id_token expires (negative: already expired). */
  expiresIn?: number;
  deploymentId?: string;
}

/** The form a platform's page auto-submits to the tool: where, and the fields. */
export interface FormPost {
  action: string;
  fields: Record<string, string>;
}

export interface RecordedScore {
  lineItemId: string;
  userAgent: string | undefined;
  score: Record<string, unknown>;
}

export interface LtiTestPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  /** The body of POST /api/admin/lti/platforms for this platform. */
  registration(institution: string): {
    issuer: string;
    clientId: string;
    authLoginUrl: string;
    authTokenUrl: string;
    keysetUrl: string;
    deploymentIds: string[];
    institution: string;
  };
  /** Where the tool's dynamic registration reads the platform's configuration. */
  openidConfigurationUrl: string;
  /** The bearer token the registration endpoint accepts. */
  registrationToken: string;
  /** Where the platform fetches the tool's keyset (token assertions, deep-linking responses). */
  trustToolKeyset(keyset: () => Promise<JSONWebKeySet>): void;
  addCourse(course: PlatformCourse): PlatformCourse;
  /**
   * The fields of the third-party initiated login the platform sends the tool for `launch`
   * (iss, login_hint, target_link_uri, lti_message_hint, client_id, lti_deployment_id).
   */
  loginFields(launch: PreparedLaunch, targetLinkUri: string): Record<string, string>;
  /** The platform's authorization endpoint answering the tool's redirect: the form to post back. */
  authorize(authorizationUrl: string): Promise<FormPost>;
  /** An id_token as `authorize` would sign it for `launch`, with `nonce`. */
  idToken(launch: PreparedLaunch, nonce: string): Promise<string>;
  /** A page (for a browser) that launches the tool in an iframe, as an LMS course page does. */
  coursePageUrl(launch: PreparedLaunch, tool: { loginUrl: string; launchUrl: string }): string;
  /** Verifies a deep-linking response the tool posted (with the tool's keyset) and returns its claims. */
  verifyToolJwt(jwt: string): Promise<JWTPayload>;
  lineItems(courseId: string): Array<Record<string, unknown>>;
  addLineItem(
    courseId: string,
    item: { label: string; scoreMaximum: number; resourceLinkId?: string },
  ): string;
  readonly scores: RecordedScore[];
  readonly tokenRequests: Array<{ scope: string; userAgent: string | undefined }>;
  readonly registrations: Array<Record<string, unknown>>;
  readonly deepLinkResponses: string[];
  /** Makes a service answer with an error status: the membership, or scores for one user. */
  failMemberships(status: number | null): void;
  failScoresFor(sub: string, status: number | null): void;
  /** Makes the keyset endpoint answer 500. */
  breakKeyset(broken: boolean): void;
  /**
   * Changes to the members of the OpenID configuration, or of the registration endpoint's answer
   * (undefined removes a member), for the dynamic registration's refusal tests; null undoes them.
   */
  changeConfiguration(changes: Record<string, unknown> | null): void;
  changeRegistrationAnswer(changes: Record<string, unknown> | null): void;
  /** The headers of each request to the OpenID configuration and the registration endpoint. */
  readonly registrationCalls: Array<{ path: string; authorization?: string; userAgent?: string }>;
  /** Forgets every access token it gave (as after a restart): services answer 401 to them. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const MEMBERSHIP_PAGE = 2;
const TOKEN_LIFETIME_SECONDS = 3600;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** An HTML page that posts `form` at once (an LMS does this, inside its iframe). */
export function autoSubmitPage(form: FormPost, target?: string): string {
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const targetAttribute = target ? ` target="${escapeHtml(target)}"` : "";
  return `<!doctype html><html lang="en"><head><title>Launching</title></head><body><form method="post" action="${escapeHtml(form.action)}"${targetAttribute}>${inputs}<noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`;
}

/** Reads the auto-submitted form of a page (action and hidden fields). */
export function readFormPost(html: string): FormPost {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in: ${html.slice(0, 300)}`);
  const decode = (value: string) =>
    value
      .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
      .replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"/g)) {
    fields[decode(match[1] ?? "")] = decode(match[2] ?? "");
  }
  return { action: decode(action), fields };
}

export async function startLtiTestPlatform(options: { port?: number } = {}): Promise<LtiTestPlatform> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const forger = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const clientId = `client-${randomBytes(4).toString("hex")}`;
  const deploymentId = "deployment-1";
  const registrationToken = randomBytes(16).toString("hex");
  const courses = new Map<string, PlatformCourse>();
  const prepared = new Map<string, PreparedLaunch>();
  const lineItemsByCourse = new Map<string, Array<Record<string, unknown>>>();
  const tokens = new Map<string, { scope: string; expiresAt: number }>();
  const scores: RecordedScore[] = [];
  const tokenRequests: LtiTestPlatform["tokenRequests"] = [];
  const registrations: Array<Record<string, unknown>> = [];
  const deepLinkResponses: string[] = [];
  const failingScores = new Map<string, number>();
  let failingMemberships: number | null = null;
  let keysetBroken = false;
  let configurationChanges: Record<string, unknown> = {};
  let registrationAnswerChanges: Record<string, unknown> = {};
  const registrationCalls: LtiTestPlatform["registrationCalls"] = [];
  let toolKeyset: (() => Promise<JSONWebKeySet>) | undefined;

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      response.writeHead(500, { "content-type": "text/plain" }).end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = {
    auth: `${issuer}/auth`,
    token: `${issuer}/token`,
    keyset: `${issuer}/jwks`,
    register: `${issuer}/register`,
    openidConfiguration: `${issuer}/.well-known/openid-configuration`,
    memberships: (courseId: string) => `${issuer}/courses/${courseId}/memberships`,
    lineItems: (courseId: string) => `${issuer}/courses/${courseId}/lineitems`,
    deepLinkReturn: `${issuer}/deep-link-return`,
  };

  async function toolKeys() {
    if (!toolKeyset) throw new Error("the tool's keyset is not known: call trustToolKeyset");
    return createLocalJWKSet(await toolKeyset());
  }

  function bearerScope(request: IncomingMessage): string | null {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    const grant = token ? tokens.get(token) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant.scope : null;
  }

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    const json = typeof body !== "string";
    response
      .writeHead(status, {
        "content-type": json ? "application/json" : "text/html; charset=utf-8",
        ...headers,
      })
      .end(json ? JSON.stringify(body) : body);
  }

  async function idToken(launch: PreparedLaunch, nonce: string): Promise<string> {
    const messageType = launch.messageType ?? "LtiResourceLinkRequest";
    const { user, course } = launch;
    const payload: Record<string, unknown> = {
      nonce,
      sub: user.sub,
      name: user.name,
      ...(user.email ? { email: user.email } : {}),
      [LTI_CLAIMS.messageType]: messageType,
      [LTI_CLAIMS.version]: "1.3.0",
      [LTI_CLAIMS.deploymentId]: launch.deploymentId ?? deploymentId,
      [LTI_CLAIMS.roles]: user.roles,
      [LTI_CLAIMS.context]: { id: course.id, title: course.title, type: ["CourseSection"] },
      [LTI_CLAIMS.nrps]: {
        context_memberships_url: urls.memberships(course.id),
        service_versions: ["2.0"],
      },
      [LTI_CLAIMS.ags]: {
        scope: [
          "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
          "https://purl.imsglobal.org/spec/lti-ags/scope/score",
        ],
        lineitems: urls.lineItems(course.id),
        ...(launch.lineItemId ? { lineitem: `${urls.lineItems(course.id)}/${launch.lineItemId}` } : {}),
      },
    };
    if (messageType === "LtiResourceLinkRequest") {
      payload[LTI_CLAIMS.resourceLink] = { id: launch.resourceLinkId ?? "link-1", title: "Project" };
    } else {
      payload[LTI_CLAIMS.deepLinkingSettings] = {
        deep_link_return_url: urls.deepLinkReturn,
        accept_types: ["ltiResourceLink"],
        accept_presentation_document_targets: ["iframe", "window"],
        accept_multiple: true,
        data: "opaque-platform-data",
      };
    }
    for (const [name, value] of Object.entries(launch.claims ?? {})) {
      if (value === undefined) delete payload[name];
      else payload[name] = value;
    }
    const key: CryptoKey = launch.forgedSignature ? forger.privateKey : privateKey;
    const lifetime = launch.expiresIn ?? 300;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(typeof payload.iss === "string" ? payload.iss : issuer)
      .setAudience(typeof payload.aud === "string" ? payload.aud : clientId)
      .setIssuedAt(Math.min(now, now + lifetime - 60))
      .setExpirationTime(now + lifetime)
      .sign(key);
  }

  async function authorize(authorizationUrl: string): Promise<FormPost> {
    const query = new URL(authorizationUrl).searchParams;
    const launch = prepared.get(query.get("lti_message_hint") ?? "");
    if (!launch) throw new Error("unknown lti_message_hint");
    if (query.get("client_id") !== clientId) throw new Error("unknown client_id");
    if (query.get("login_hint") !== launch.user.sub) throw new Error("login_hint does not match");
    for (const [name, value] of Object.entries({
      scope: "openid",
      response_type: "id_token",
      response_mode: "form_post",
      prompt: "none",
    })) {
      if (query.get(name) !== value) throw new Error(`${name} must be ${value}`);
    }
    const redirectUri = query.get("redirect_uri");
    const nonce = query.get("nonce");
    if (!redirectUri || !nonce) throw new Error("redirect_uri and nonce are required");
    const fields: Record<string, string> = { id_token: await idToken(launch, nonce) };
    const state = query.get("state");
    if (state) fields.state = state;
    return { action: redirectUri, fields };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", issuer);
    const path = url.pathname;
    const userAgent = request.headers["user-agent"];

    if (path === "/jwks") {
      if (keysetBroken) return send(response, 500, { error: "keyset unavailable" });
      return send(response, 200, { keys: [publicJwk] });
    }

    if (path === "/auth") {
      const query = request.method === "POST" ? `?${await readBody(request)}` : url.search;
      try {
        return send(response, 200, autoSubmitPage(await authorize(`${urls.auth}${query}`)));
      } catch (error) {
        return send(response, 400, `<p>${escapeHtml((error as Error).message)}</p>`);
      }
    }

    if (path === "/launch-frame") {
      // What an LMS course page's iframe opens: the third-party initiated login, posted to the tool.
      const launch = prepared.get(url.searchParams.get("hint") ?? "");
      const loginUrl = url.searchParams.get("login") ?? "";
      const target = url.searchParams.get("target") ?? "";
      if (!launch) return send(response, 404, "<p>unknown launch</p>");
      return send(response, 200, autoSubmitPage({ action: loginUrl, fields: loginFields(launch, target) }));
    }

    if (path === "/course") {
      const frame = `/launch-frame?${url.searchParams}`;
      return send(
        response,
        200,
        `<!doctype html><html lang="en"><head><title>Course</title></head><body><main><h1>Course in the LMS</h1><iframe title="Pivot &amp; Launch" name="tool" src="${escapeHtml(frame)}" style="width:100%;max-width:1200px;height:900px;border:1px solid #888;box-sizing:border-box"></iframe></main></body></html>`,
      );
    }

    if (path === "/token" && request.method === "POST") {
      const form = new URLSearchParams(await readBody(request));
      if (form.get("grant_type") !== "client_credentials")
        return send(response, 400, { error: "unsupported_grant_type" });
      if (form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer") {
        return send(response, 400, { error: "invalid_request" });
      }
      try {
        const { payload } = await jwtVerify(form.get("client_assertion") ?? "", await toolKeys(), {
          issuer: clientId,
          subject: clientId,
          audience: urls.token,
        });
        if (!payload.jti) throw new Error("no jti");
      } catch (error) {
        return send(response, 401, { error: "invalid_client", error_description: (error as Error).message });
      }
      const scope = form.get("scope") ?? "";
      tokenRequests.push({ scope, userAgent });
      const token = randomBytes(16).toString("hex");
      tokens.set(token, { scope, expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
      return send(response, 200, {
        access_token: token,
        token_type: "Bearer",
        expires_in: TOKEN_LIFETIME_SECONDS,
        scope,
      });
    }

    const membership = /^\/courses\/([^/]+)\/memberships$/.exec(path);
    if (membership) {
      const scope = bearerScope(request);
      if (!scope?.includes("contextmembership.readonly"))
        return send(response, 401, { error: "unauthorized" });
      if (failingMemberships) return send(response, failingMemberships, { error: "membership failed" });
      const course = courses.get(decodeURIComponent(membership[1] ?? ""));
      if (!course) return send(response, 404, { error: "no such course" });
      const page = Number(url.searchParams.get("page") ?? "1");
      const members = course.members.slice((page - 1) * MEMBERSHIP_PAGE, page * MEMBERSHIP_PAGE);
      const headers: Record<string, string> = {
        "content-type": "application/vnd.ims.lti-nrps.v2.membershipcontainer+json",
      };
      if (page * MEMBERSHIP_PAGE < course.members.length) {
        headers.link = `<${urls.memberships(course.id)}?page=${page + 1}>; rel="next"`;
      }
      return send(
        response,
        200,
        {
          id: urls.memberships(course.id),
          context: { id: course.id, title: course.title },
          members: members.map((member) => ({
            user_id: member.sub,
            name: member.name,
            email: member.email,
            roles: member.roles,
            status: "Active",
          })),
        },
        headers,
      );
    }

    const lineItems = /^\/courses\/([^/]+)\/lineitems(?:\/([^/]+)(\/scores)?)?$/.exec(path);
    if (lineItems) {
      const courseId = decodeURIComponent(lineItems[1] ?? "");
      const [, , lineItemId, scoresPath] = lineItems;
      const scope = bearerScope(request);
      if (!scope) return send(response, 401, { error: "unauthorized" });
      if (!userAgent) return send(response, 403, { error: "a User-Agent is required" });
      if (scoresPath && request.method === "POST") {
        if (!scope.includes("/scope/score")) return send(response, 403, { error: "scope" });
        const score = JSON.parse(await readBody(request)) as Record<string, unknown>;
        const failing = failingScores.get(String(score.userId));
        if (failing) return send(response, failing, { error: "score refused" });
        scores.push({ lineItemId: lineItemId ?? "", userAgent, score });
        return send(response, 204, "");
      }
      if (!lineItemId && request.method === "POST") {
        const item = JSON.parse(await readBody(request)) as { label: string; scoreMaximum: number };
        const id = addLineItem(courseId, item);
        return send(
          response,
          201,
          lineItemsOf(courseId).find((candidate) => candidate.id === `${urls.lineItems(courseId)}/${id}`),
        );
      }
      if (!lineItemId) return send(response, 200, lineItemsOf(courseId));
      const item = lineItemsOf(courseId).find(
        (candidate) => candidate.id === `${urls.lineItems(courseId)}/${lineItemId}`,
      );
      return item ? send(response, 200, item) : send(response, 404, { error: "no such line item" });
    }

    if (path === "/.well-known/openid-configuration" || path === "/register") {
      registrationCalls.push({ path, authorization: request.headers.authorization, userAgent });
    }

    if (path === "/.well-known/openid-configuration") {
      return send(
        response,
        200,
        changed(configurationChanges, {
          issuer,
          authorization_endpoint: urls.auth,
          token_endpoint: urls.token,
          token_endpoint_auth_methods_supported: ["private_key_jwt"],
          token_endpoint_auth_signing_alg_values_supported: ["RS256"],
          jwks_uri: urls.keyset,
          registration_endpoint: urls.register,
          scopes_supported: ["openid"],
          response_types_supported: ["id_token"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          claims_supported: ["sub", "iss", "name", "email"],
          "https://purl.imsglobal.org/spec/lti-platform-configuration": {
            product_family_code: "test-lms",
            version: "1.0",
            messages_supported: [{ type: "LtiResourceLinkRequest" }, { type: "LtiDeepLinkingRequest" }],
          },
        }),
      );
    }

    if (path === "/register" && request.method === "POST") {
      if (request.headers.authorization !== `Bearer ${registrationToken}`) {
        return send(response, 401, { error: "invalid_token" });
      }
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      registrations.push(body);
      const toolConfiguration = body["https://purl.imsglobal.org/spec/lti-tool-configuration"] ?? {};
      return send(
        response,
        200,
        changed(registrationAnswerChanges, {
          ...body,
          client_id: clientId,
          "https://purl.imsglobal.org/spec/lti-tool-configuration": {
            ...(toolConfiguration as Record<string, unknown>),
            deployment_id: deploymentId,
          },
        }),
      );
    }

    if (path === "/deep-link-return" && request.method === "POST") {
      const form = new URLSearchParams(await readBody(request));
      deepLinkResponses.push(form.get("JWT") ?? "");
      return send(
        response,
        200,
        '<!doctype html><html lang="en"><head><title>Linked</title></head><body><p>Content linked in the LMS.</p></body></html>',
      );
    }

    return send(response, 404, { error: "not found" });
  }

  function changed(changes: Record<string, unknown>, values: Record<string, unknown>) {
    const result = { ...values };
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) delete result[name];
      else result[name] = value;
    }
    return result;
  }

  function lineItemsOf(courseId: string) {
    const items = lineItemsByCourse.get(courseId) ?? [];
    lineItemsByCourse.set(courseId, items);
    return items;
  }

  function addLineItem(
    courseId: string,
    item: { label: string; scoreMaximum: number; resourceLinkId?: string },
  ) {
    const id = randomBytes(4).toString("hex");
    lineItemsOf(courseId).push({ ...item, id: `${urls.lineItems(courseId)}/${id}` });
    return id;
  }

  function loginFields(launch: PreparedLaunch, targetLinkUri: string): Record<string, string> {
    const hint = randomUUID();
    prepared.set(hint, launch);
    return {
      iss: issuer,
      login_hint: launch.user.sub,
      target_link_uri: targetLinkUri,
      lti_message_hint: hint,
      client_id: clientId,
      lti_deployment_id: launch.deploymentId ?? deploymentId,
    };
  }

  return {
    issuer,
    clientId,
    deploymentId,
    openidConfigurationUrl: urls.openidConfiguration,
    registrationToken,
    registration: (institution) => ({
      issuer,
      clientId,
      authLoginUrl: urls.auth,
      authTokenUrl: urls.token,
      keysetUrl: urls.keyset,
      deploymentIds: [deploymentId],
      institution,
    }),
    trustToolKeyset(keyset) {
      toolKeyset = keyset;
    },
    addCourse(course) {
      courses.set(course.id, course);
      return course;
    },
    loginFields,
    authorize,
    idToken,
    coursePageUrl(launch, tool) {
      const hint = randomUUID();
      prepared.set(hint, launch);
      return `${issuer}/course?${new URLSearchParams({ hint, login: tool.loginUrl, target: tool.launchUrl })}`;
    },
    async verifyToolJwt(jwt) {
      const { payload } = await jwtVerify(jwt, await toolKeys(), { audience: issuer, issuer: clientId });
      return payload;
    },
    lineItems: (courseId) => lineItemsOf(courseId),
    addLineItem,
    scores,
    tokenRequests,
    registrations,
    deepLinkResponses,
    failMemberships(status) {
      failingMemberships = status;
    },
    failScoresFor(sub, status) {
      if (status === null) failingScores.delete(sub);
      else failingScores.set(sub, status);
    },
    breakKeyset(broken) {
      keysetBroken = broken;
    },
    changeConfiguration(changes) {
      configurationChanges = changes ?? {};
    },
    changeRegistrationAnswer(changes) {
      registrationAnswerChanges = changes ?? {};
    },
    registrationCalls,
    revokeTokens() {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
