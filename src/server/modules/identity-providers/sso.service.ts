import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { TestSignInResult } from "#shared/schemas/identity-providers.ts";
import { SSO_CODE_TTL_MS, SSO_FLOW_TTL_MS, SSO_REFUSALS, type SsoRefusal } from "#shared/sso.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { SessionStore } from "../auth/session.store.ts";
import { toFaculty } from "../faculty/faculty.presenter.ts";
import type { FacultyAccounts, FacultyRow } from "../faculty/faculty.service.ts";
import { domainOf, personFromOidc, personFromSaml, type SignInPerson } from "./claims.ts";
import { createCodeExpiredError, createTestExpiredError } from "./identity-providers.errors.ts";
import type { IdentityProvidersRepository } from "./identity-providers.repository.ts";
import { openClientSecret, serviceAddresses } from "./identity-providers.service.ts";
import type { IdentityProviderRow, SsoFlowRow } from "./identity-providers.table.ts";
import {
  authorizationRequest,
  finishAuthorization,
  isProviderRefusal,
  isUnreachable,
  type OidcConfigurations,
} from "./oidc.ts";
import { authnRequest, validateResponse } from "./saml.ts";

type Purpose = SsoFlowRow["purpose"];

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** A sign-in refused for a reason the person is told (SSO_REFUSALS), with what the log keeps. */
class Refusal extends Error {
  constructor(
    readonly reason: SsoRefusal,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** Where the browser goes at the end of a flow: the code or the reason, nothing else in the URL. */
const landing = {
  "sign-in": {
    done: (code: string) => `/sso/complete?code=${code}`,
    refused: (reason: string) => `/sso/complete?error=${reason}`,
  },
  test: {
    done: (code: string) => `/admin/sign-in?test=${code}`,
    refused: (reason: string) => `/admin/sign-in?testError=${reason}`,
  },
} as const;

/** What a first sign-in of a person does: use an account, link one, make one, or refuse. */
type AccountPlan =
  | { kind: "use"; account: FacultyRow }
  | { kind: "link"; account: FacultyRow }
  | { kind: "create"; status: "approved" | "pending" };

/**
 * Institution sign-in (docs/decisions/0056-institution-sign-in.md): starts a flow at the provider,
 * finishes it at the callback (OIDC) or the assertion consumer service (SAML), and hands the browser
 * a one-time code it exchanges for a session. Started flows and codes live in the database, so any
 * instance can finish what another started. A refusal creates no account and no session.
 */
export function createSsoService(deps: {
  providers: IdentityProvidersRepository;
  accounts: FacultyAccounts;
  sessions: SessionStore;
  box: SecretBox;
  configurations: OidcConfigurations;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { providers, accounts, sessions, box, configurations, now, log } = deps;

  async function oidcConfiguration(provider: IdentityProviderRow) {
    const { settings } = provider;
    const secret = openClientSecret(box, provider);
    if (settings.kind !== "oidc" || secret === null) throw new Refusal("unavailable", "no client secret");
    try {
      return await configurations.get(
        { ...settings, id: provider.id, updatedAt: provider.updatedAt },
        secret,
      );
    } catch (error) {
      throw new Refusal("unavailable", `discovery failed: ${(error as Error).message}`);
    }
  }

  function samlAddresses(provider: IdentityProviderRow, base: string) {
    const { entityId = "", acsUrl = "" } = serviceAddresses(base, provider);
    return { entityId, acsUrl };
  }

  async function usableProvider(providerId: string, purpose: Purpose) {
    const provider = await providers.find(providerId).catch(() => undefined);
    if (!provider) throw new Refusal("unknownProvider");
    if (!provider.enabled && purpose === "sign-in") throw new Refusal("disabled");
    return provider;
  }

  /** The flow named by `id`, taken once; refused when unknown, of another provider, or expired. */
  async function takeFlow(id: string | undefined, providerId: string): Promise<SsoFlowRow> {
    const flow = id ? await providers.takeFlow(id) : undefined;
    if (!flow || flow.providerId !== providerId) throw new Refusal("state", "unknown or used state");
    if (flow.expiresAt.getTime() < now().getTime()) throw new Refusal("expired");
    return flow;
  }

  /** What signing in `person` through `provider` would do to the accounts (nothing is written). */
  async function planAccount(provider: IdentityProviderRow, person: SignInPerson): Promise<AccountPlan> {
    const identity = await providers.findIdentity(provider.id, person.subject);
    const linked = identity ? await accounts.findById(identity.facultyId) : undefined;
    if (linked) return { kind: "use", account: linked };
    if (!person.email) throw new Refusal("noEmail");
    const existing = await accounts.findByEmail(person.email);
    if (existing) {
      if (!person.emailVerified) throw new Refusal("unverified");
      if (existing.institution.trim().toLowerCase() !== provider.institution.trim().toLowerCase()) {
        throw new Refusal("otherInstitution");
      }
      return { kind: "link", account: existing };
    }
    const inDomains = provider.emailDomains.includes(domainOf(person.email));
    if (provider.autoApprove && !inDomains) throw new Refusal("domain");
    return { kind: "create", status: provider.autoApprove && person.emailVerified ? "approved" : "pending" };
  }

  async function carryOut(provider: IdentityProviderRow, person: SignInPerson, plan: AccountPlan) {
    if (plan.kind === "use") return plan.account;
    const email = person.email ?? "";
    let account: FacultyRow;
    if (plan.kind === "link") {
      account = plan.account;
    } else {
      try {
        account = await accounts.insert({
          name: person.name,
          email,
          passwordHash: null,
          role: person.role,
          status: plan.status,
          title: "",
          department: "",
          institution: provider.institution,
          reviewedAt: plan.status === "approved" ? now() : null,
        });
      } catch (error) {
        // The same person finished two sign-ins at once: the other made the account.
        if (!isUniqueViolation(error)) throw error;
        return carryOut(provider, person, await planAccount(provider, person));
      }
      log.info(
        { providerId: provider.id, facultyId: account.id, status: plan.status },
        "account made by institution sign-in",
      );
    }
    await providers.link({ providerId: provider.id, subject: person.subject, facultyId: account.id, email });
    return account;
  }

  async function newCode(values: {
    providerId: string;
    facultyId?: number;
    testResult?: Record<string, unknown>;
  }) {
    const code = randomBytes(32).toString("base64url");
    await providers.keepCode(
      { ...values, codeHash: hashCode(code), expiresAt: new Date(now().getTime() + SSO_CODE_TTL_MS) },
      now(),
    );
    return code;
  }

  /** The end of a flow: a session code, or (a test) the claims and what a sign-in would do. */
  async function complete(
    flow: SsoFlowRow,
    provider: IdentityProviderRow,
    person: SignInPerson,
    claims: Record<string, unknown>,
  ): Promise<string> {
    if (flow.purpose === "test") {
      const outcome = await planAccount(provider, person).then(
        (plan) => describe(plan),
        (error: unknown) =>
          error instanceof Refusal ? `Refused: ${SSO_REFUSALS[error.reason]}` : Promise.reject(error),
      );
      const testResult = {
        providerId: provider.id,
        displayName: provider.displayName,
        claims: JSON.parse(JSON.stringify(claims)) as Record<string, unknown>,
        person,
        outcome,
      } satisfies TestSignInResult;
      return landing.test.done(await newCode({ providerId: provider.id, testResult }));
    }
    const account = await carryOut(provider, person, await planAccount(provider, person));
    if (account.status === "pending") throw new Refusal("pending");
    if (account.status === "rejected") throw new Refusal("rejected");
    log.info({ providerId: provider.id, facultyId: account.id }, "institution sign-in");
    return landing["sign-in"].done(await newCode({ providerId: provider.id, facultyId: account.id }));
  }

  /** Runs a step of a flow; a refusal (or any failure) becomes the landing that names its reason. */
  async function guarded(providerId: string, purpose: () => Purpose, step: () => Promise<string>) {
    try {
      return await step();
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal("invalid", (error as Error).message);
      log.warn(
        { providerId, reason: refusal.reason, detail: refusal.message },
        "institution sign-in refused",
      );
      return landing[purpose()].refused(refusal.reason);
    }
  }

  return {
    /** The enabled providers, for the sign-in screen. */
    async choices() {
      const rows = await providers.listEnabled();
      return rows.map((row) => ({ providerId: row.id, displayName: row.displayName }));
    },

    /** The enabled provider that accepts an e-mail's domain, if any. */
    async discover(email: string) {
      const domain = domainOf(email.trim().toLowerCase());
      const row = domain ? await providers.enabledForDomain(domain) : undefined;
      return row ? { providerId: row.id, displayName: row.displayName } : null;
    },

    /** Where to send the browser to start signing in (or testing) with a provider. */
    start(providerId: string, base: string, purpose: Purpose): Promise<string> {
      return guarded(
        providerId,
        () => purpose,
        async () => {
          const provider = await usableProvider(providerId, purpose);
          const expiresAt = new Date(now().getTime() + SSO_FLOW_TTL_MS);
          const flow = { providerId, purpose, baseUrl: base, expiresAt };
          if (provider.settings.kind === "oidc") {
            const configuration = await oidcConfiguration(provider);
            const { redirectUri = "" } = serviceAddresses(base, provider);
            const { url, checks } = await authorizationRequest(configuration, redirectUri);
            await providers.startFlow(
              {
                ...flow,
                id: checks.state,
                nonce: checks.nonce,
                codeVerifier: checks.codeVerifier,
                requestId: null,
              },
              now(),
            );
            return url;
          }
          const id = randomBytes(24).toString("base64url");
          const { url, requestId } = await authnRequest(provider.settings, samlAddresses(provider, base), id);
          await providers.startFlow({ ...flow, id, nonce: null, codeVerifier: null, requestId }, now());
          return url;
        },
      );
    },

    /** OIDC: the provider's redirect back with `code` and `state` (or `error`). */
    finishOidc(providerId: string, query: Record<string, string>): Promise<string> {
      let purpose: Purpose = "sign-in";
      return guarded(
        providerId,
        () => purpose,
        async () => {
          const flow = await takeFlow(query.state, providerId);
          purpose = flow.purpose;
          const provider = await usableProvider(providerId, purpose);
          if (query.error) throw new Refusal("denied", `the provider answered ${query.error}`);
          const configuration = await oidcConfiguration(provider);
          const { redirectUri = "" } = serviceAddresses(flow.baseUrl, provider);
          const callbackUrl = new URL(`${redirectUri}?${new URLSearchParams(query)}`);
          let claims: Record<string, unknown>;
          try {
            claims = await finishAuthorization(configuration, callbackUrl, {
              state: flow.id,
              nonce: flow.nonce ?? "",
              codeVerifier: flow.codeVerifier ?? "",
            });
          } catch (error) {
            if (isProviderRefusal(error)) throw new Refusal("denied", (error as Error).message);
            if (isUnreachable(error)) throw new Refusal("unavailable", (error as Error).message);
            throw new Refusal("invalid", (error as Error).message);
          }
          return complete(flow, provider, personFromOidc(claims, provider), claims);
        },
      );
    },

    /** SAML: the response the browser posts to the assertion consumer service. */
    finishSaml(providerId: string, body: { SAMLResponse?: string; RelayState?: string }): Promise<string> {
      let purpose: Purpose = "sign-in";
      return guarded(
        providerId,
        () => purpose,
        async () => {
          const flow = await takeFlow(body.RelayState, providerId);
          purpose = flow.purpose;
          const provider = await usableProvider(providerId, purpose);
          if (provider.settings.kind !== "saml" || !flow.requestId || !body.SAMLResponse) {
            throw new Refusal("invalid", "no SAML response");
          }
          const { nameId, attributes } = await validateResponse(
            provider.settings,
            samlAddresses(provider, flow.baseUrl),
            body.SAMLResponse,
            flow.requestId,
          ).catch((error: Error) => Promise.reject(new Refusal("invalid", error.message)));
          const claims = { nameID: nameId, ...attributes };
          return complete(flow, provider, personFromSaml(attributes, nameId, provider), claims);
        },
      );
    },

    /** POST /api/auth/sso/exchange: the one-time code for a session, once, within a minute. */
    async exchange(code: string, userAgent: string | undefined) {
      const row = await providers.takeCode(hashCode(code));
      if (!row?.facultyId || row.expiresAt.getTime() < now().getTime()) throw createCodeExpiredError();
      const account = await accounts.findById(row.facultyId);
      if (account?.status !== "approved") throw createCodeExpiredError();
      const sessionId = await sessions.create(account.id, userAgent);
      return { sessionId, faculty: toFaculty(account) };
    },

    /** A test's result, once, within a minute. */
    async testResult(code: string): Promise<TestSignInResult> {
      const row = await providers.takeCode(hashCode(code));
      if (!row?.testResult || row.expiresAt.getTime() < now().getTime()) throw createTestExpiredError();
      return row.testResult as TestSignInResult;
    },

    async identitiesOf(facultyId: number) {
      const [rows, account] = await Promise.all([
        providers.identitiesOf(facultyId),
        accounts.findById(facultyId),
      ]);
      return {
        hasPassword: Boolean(account?.passwordHash),
        identities: rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() })),
      };
    },
  };
}

function describe(plan: AccountPlan): string {
  if (plan.kind === "use") return `Signs in to the linked account ${plan.account.email}.`;
  if (plan.kind === "link") return `Links to the existing account ${plan.account.email} and signs in.`;
  return plan.status === "approved"
    ? "Makes a new account, approved at once."
    : "Makes a new account, waiting for an administrator's approval.";
}

export type SsoService = ReturnType<typeof createSsoService>;
