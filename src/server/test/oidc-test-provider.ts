import { generateKeyPairSync, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error oidc-provider ships no types (the few shapes used here are declared below)
import Provider, { errors } from "oidc-provider";
// @ts-expect-error as above; the in-memory adapter oidc-provider uses by default, made to share one store
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js";

/** A person the provider knows. */
export interface TestPerson {
  /** What is typed in the provider's login form; also the `sub`. */
  login: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** Extra claims returned in the ID token and userinfo, e.g. { eduPersonAffiliation: ["faculty"] }. */
  claims?: Record<string, unknown>;
}

/** A relying party registered at the provider (it may authenticate with client_secret_basic or _post). */
export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcTestProvider {
  /** `http://127.0.0.1:<port>`; discovery at `/.well-known/openid-configuration`. */
  issuer: string;
  addPerson(person: TestPerson): void;
  addClient(client: TestOidcClient): void;
  close(): Promise<void>;
}

// The parts of oidc-provider's API this helper uses.
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface GrantModel {
  new (properties: { accountId: string; clientId: string }): Grant;
  find(id: string): Promise<Grant | undefined>;
}
interface GrantContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    requestParamScopes: Set<string>;
    requestParamClaims: Set<string>;
    provider: { Grant: GrantModel };
  };
}
interface OidcProvider {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
}

const standardClaims = { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] };

/**
 * A real OpenID provider in this process (panva's oidc-provider) on 127.0.0.1 and a random port:
 * authorization code flow with PKCE (S256), `state`, `nonce`, scopes `openid email profile`. Every
 * claim is put in the ID token as well as userinfo (`conformIdTokenClaims: false`); a person's extra
 * claims are released with the `openid` scope. Sign-in is oidc-provider's development login form
 * (any password); consent is granted without asking.
 *
 * A login that is not a known person does not sign in: after its login form the provider sends the
 * browser to the client's redirect_uri with `error=access_denied` (and `state`), never a code.
 *
 * oidc-provider fixes its clients and its supported claims when it is built, so adding a client, or a
 * person with a claim not seen before, builds the provider again behind the same address with the
 * same signing key, cookie keys and storage: flows already under way carry on.
 */
export async function startOidcTestProvider(
  options: { clients?: TestOidcClient[]; people?: TestPerson[] } = {},
): Promise<OidcTestProvider> {
  const people = new Map<string, TestPerson>();
  const clients = new Map<string, TestOidcClient>();
  const extraClaimNames = new Set<string>();
  const signingKey = {
    ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
    kid: "oidc-test-provider",
    alg: "RS256",
    use: "sig",
  };
  const cookieKeys = [randomBytes(32).toString("hex")];
  // One store for every build of the provider, so sessions and codes survive a rebuild.
  const adapter: unknown = createMemoryAdapter();

  let handle: ReturnType<OidcProvider["callback"]> | undefined;
  const server = http.createServer((request, response) => {
    if (handle) handle(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const findAccount = (_ctx: unknown, login: string) => {
    const person = people.get(login);
    // Thrown while the authorization request resumes after the login form: oidc-provider sends the
    // browser to the client's redirect_uri with error=access_denied.
    if (!person) throw new errors.AccessDenied(`no person signs in as "${login}" at the test provider`);
    return {
      accountId: person.login,
      claims: () => ({
        ...person.claims,
        sub: person.login,
        email: person.email,
        email_verified: person.emailVerified,
        name: person.name,
      }),
    };
  };

  // Consent is not part of what the tests exercise: every sign-in is granted what it asks for.
  const loadExistingGrant = async (ctx: GrantContext) => {
    const { client, session, result, provider } = ctx.oidc;
    const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    const grant =
      (grantId ? await provider.Grant.find(grantId) : undefined) ??
      new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
    grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(" "));
    grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
    await grant.save();
    return grant;
  };

  const build = () => {
    const configuration = {
      clients: [...clients.values()].map((client) => ({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      })),
      adapter,
      claims: { ...standardClaims, openid: [...standardClaims.openid, ...extraClaimNames] },
      conformIdTokenClaims: false,
      cookies: { keys: cookieKeys },
      findAccount,
      jwks: { keys: [signingKey] },
      loadExistingGrant,
      pkce: { required: () => true },
      // Seconds; set so that oidc-provider does not print a notice for each default it uses.
      ttl: {
        AccessToken: 3600,
        AuthorizationCode: 60,
        Grant: 3600,
        IdToken: 3600,
        Interaction: 3600,
        Session: 3600,
      },
      features: { devInteractions: { enabled: true } },
    };
    const provider = quietly(() => new Provider(issuer, configuration)) as OidcProvider;
    handle = provider.callback();
  };

  const addPerson = (person: TestPerson) => {
    people.set(person.login, person);
    const newNames = Object.keys(person.claims ?? {}).filter((name) => !extraClaimNames.has(name));
    for (const name of newNames) extraClaimNames.add(name);
    return newNames.length > 0;
  };
  for (const person of options.people ?? []) addPerson(person);
  for (const client of options.clients ?? []) clients.set(client.clientId, client);
  build();

  return {
    issuer,
    addPerson(person) {
      if (addPerson(person)) build();
    },
    addClient(client) {
      clients.set(client.clientId, client);
      build();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Builds oidc-provider without its development-only warnings (expected here) in the test output. */
function quietly<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).includes("oidc-provider WARNING: a quick start development-only")) return;
    warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

/**
 * Plays the browser at the provider: follows `authorizationUrl` keeping the provider's cookies, fills
 * the login form with `login` (any password), grants consent if asked, and returns the URL the
 * provider redirects to at the client's redirect_uri (with `code` and `state`, or `error`) without
 * following it. For a login the provider does not know, that URL carries `error=access_denied`.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const provider = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  let request: { url: URL; form?: Record<string, string> } = { url: new URL(authorizationUrl) };
  let loginSubmitted = false;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(request.url, {
      redirect: "manual",
      method: request.form ? "POST" : "GET",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
      body: request.form ? new URLSearchParams(request.form) : undefined,
    });
    keepCookies(cookies, response.headers.getSetCookie());
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url);
      if (next.origin !== provider) return next;
      request = { url: next };
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) {
      throw new Error(`the provider answered ${response.status} at ${request.url}: ${page.slice(0, 500)}`);
    }
    const form = formIn(page, request.url);
    if (form?.fields.prompt === "login" && !loginSubmitted) {
      loginSubmitted = true;
      request = { url: form.action, form: { ...form.fields, login, password: "any password" } };
    } else if (form?.fields.prompt === "consent") {
      request = { url: form.action, form: form.fields };
    } else {
      throw new Error(`no login form to fill or consent to give at ${request.url}: ${page.slice(0, 500)}`);
    }
  }
  throw new Error(`the provider did not redirect to the client after 20 steps from ${authorizationUrl}`);
}

/** Cookies by name; the provider's few cookies do not share a name across paths. */
function keepCookies(cookies: Map<string, string>, setCookieHeaders: string[]) {
  for (const header of setCookieHeaders) {
    const [pair = "", ...attributes] = header.split(";");
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = "", setting = ""] = attribute.split("=").map((part) => part.trim());
      if (key.toLowerCase() === "max-age") return Number(setting) <= 0;
      if (key.toLowerCase() === "expires") return Date.parse(setting) <= Date.now();
      return false;
    });
    if (expired || value === "") cookies.delete(name);
    else cookies.set(name, value);
  }
}

function decodeHtml(text: string) {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The first form of the page: where it posts and its hidden fields. */
function formIn(page: string, base: URL) {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(page)?.[1];
  if (action === undefined) return undefined;
  const fields: Record<string, string> = {};
  for (const [input] of page.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    const value = /\svalue="([^"]*)"/.exec(input)?.[1];
    if (name !== undefined) fields[decodeHtml(name)] = decodeHtml(value ?? "");
  }
  return { action: new URL(decodeHtml(action), base), fields };
}
