import { randomUUID } from "node:crypto";
import type {
  CreateIdentityProviderInput,
  IdentityProvider,
  UpdateIdentityProviderInput,
} from "#shared/schemas/identity-providers.ts";
import type { Database } from "../../db/client.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import {
  createClientSecretRequiredError,
  createDiscoveryFailedError,
  createKindFixedError,
  createProviderNotFoundError,
} from "./identity-providers.errors.ts";
import {
  createIdentityProvidersRepository,
  type IdentityProvidersRepository,
} from "./identity-providers.repository.ts";
import type { IdentityProviderRow, ProviderSettings } from "./identity-providers.table.ts";
import { discover, type OidcConfigurations } from "./oidc.ts";

/** The client secret's associated data: a sealed secret opens only for the provider it was sealed for. */
const secretContext = (providerId: string) => `identity-provider:${providerId}:client-secret`;

/** Where the identity provider's administrator points their side (`base`: PUBLIC_URL or the request's origin). */
export function serviceAddresses(base: string, provider: Pick<IdentityProviderRow, "id" | "kind">) {
  const root = `${base}/api/auth/sso/${provider.id}`;
  return provider.kind === "oidc"
    ? { redirectUri: `${root}/callback` }
    : { entityId: `${root}/metadata`, acsUrl: `${root}/acs`, metadataUrl: `${root}/metadata` };
}

export function toIdentityProvider(row: IdentityProviderRow, base: string): IdentityProvider {
  const common = {
    id: row.id,
    displayName: row.displayName,
    institution: row.institution,
    enabled: row.enabled,
    emailDomains: row.emailDomains,
    autoApprove: row.autoApprove,
    defaultRole: row.defaultRole,
    roleClaim: row.roleClaim,
    instructorValues: row.instructorValues,
    studentValues: row.studentValues,
    passwordSignIn: row.passwordSignIn,
    addresses: serviceAddresses(base, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  const { settings } = row;
  return settings.kind === "oidc"
    ? {
        ...common,
        kind: "oidc",
        issuer: settings.issuer,
        clientId: settings.clientId,
        hasClientSecret: row.clientSecretSealed !== null,
      }
    : {
        ...common,
        kind: "saml",
        entryPoint: settings.entryPoint,
        idpIssuer: settings.idpIssuer,
        idpCertificate: settings.idpCertificate,
      };
}

type ProviderInput = CreateIdentityProviderInput | UpdateIdentityProviderInput;

function columnsOf(input: ProviderInput) {
  const settings: ProviderSettings =
    input.kind === "oidc"
      ? { kind: "oidc", issuer: input.issuer, clientId: input.clientId }
      : {
          kind: "saml",
          entryPoint: input.entryPoint,
          idpIssuer: input.idpIssuer,
          idpCertificate: input.idpCertificate,
        };
  return {
    kind: input.kind,
    displayName: input.displayName,
    institution: input.institution,
    enabled: input.enabled,
    emailDomains: [...new Set(input.emailDomains)],
    autoApprove: input.autoApprove,
    defaultRole: input.defaultRole,
    roleClaim: input.roleClaim ?? null,
    instructorValues: input.instructorValues,
    studentValues: input.studentValues,
    passwordSignIn: input.passwordSignIn,
    settings,
  };
}

/**
 * The providers as the super admin manages them (Administration → Sign-in). The OIDC client secret
 * is sealed like the AI keys and never leaves the server; an OIDC issuer is checked by discovery
 * before it is saved.
 */
export function createIdentityProvidersService(deps: {
  providers: IdentityProvidersRepository;
  box: SecretBox;
  configurations: OidcConfigurations;
}) {
  const { providers, box, configurations } = deps;

  async function assertDiscoverable(input: ProviderInput, clientSecret: string) {
    if (input.kind !== "oidc") return;
    try {
      await discover(input, clientSecret);
    } catch {
      throw createDiscoveryFailedError();
    }
  }

  async function found(id: string) {
    const row = await providers.find(id);
    if (!row) throw createProviderNotFoundError();
    return row;
  }

  return {
    list: () => providers.list(),

    async create(input: CreateIdentityProviderInput) {
      const id = randomUUID();
      const clientSecret = input.kind === "oidc" ? input.clientSecret : undefined;
      if (clientSecret !== undefined) await assertDiscoverable(input, clientSecret);
      return providers.insert({
        id,
        ...columnsOf(input),
        clientSecretSealed: clientSecret === undefined ? null : box.encrypt(clientSecret, secretContext(id)),
      });
    },

    /** The whole provider; an OIDC client secret left out keeps the one stored. */
    async update(id: string, input: UpdateIdentityProviderInput) {
      const current = await found(id);
      if (current.kind !== input.kind) throw createKindFixedError();
      let clientSecretSealed = current.clientSecretSealed;
      if (input.kind === "oidc") {
        const secret = input.clientSecret ?? openClientSecret(box, current);
        if (secret === null) throw createClientSecretRequiredError();
        await assertDiscoverable(input, secret);
        if (input.clientSecret !== undefined)
          clientSecretSealed = box.encrypt(input.clientSecret, secretContext(id));
      }
      const row = await providers.update(id, { ...columnsOf(input), clientSecretSealed });
      if (!row) throw createProviderNotFoundError();
      configurations.forget(id);
      return row;
    },

    async remove(id: string) {
      if (!(await providers.delete(id))) throw createProviderNotFoundError();
      configurations.forget(id);
    },
  };
}

/** A provider's client secret: null when none is kept or it no longer opens (the app secret changed). */
export function openClientSecret(box: SecretBox, row: IdentityProviderRow): string | null {
  if (!row.clientSecretSealed) return null;
  try {
    return box.decrypt(row.clientSecretSealed, secretContext(row.id));
  } catch {
    return null;
  }
}

export type IdentityProvidersService = ReturnType<typeof createIdentityProvidersService>;

/**
 * What other modules ask of the providers (handed out by the context): whether an institution
 * switched password sign-in off for its members, and by which provider they sign in instead.
 */
export function createSignInRules(db: Database) {
  const providers = createIdentityProvidersRepository(db);
  return {
    passwordSignInOffFor: async (institution: string) =>
      (await providers.passwordSignInOffFor(institution)) ?? null,
  };
}

export type SignInRules = ReturnType<typeof createSignInRules>;
