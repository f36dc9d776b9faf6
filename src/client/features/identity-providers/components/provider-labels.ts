import type { REGISTRATION_ROLES } from "#shared/account.ts";
import type { IdentityProvider, IdentityProviderKind } from "#shared/schemas/identity-providers.ts";

type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

export const KIND_LABELS: Record<IdentityProviderKind, string> = { oidc: "OpenID Connect", saml: "SAML" };

export const ROLE_LABELS: Record<RegistrationRole, string> = { instructor: "Instructor", student: "Student" };

/** How a new account is approved, in a sentence. */
export function approvalRule(provider: IdentityProvider): string {
  return provider.autoApprove
    ? "Approved automatically when the e-mail domain is listed"
    : "An administrator approves each new account";
}

/** How a person's role is read, in a sentence. */
export function roleRule(provider: IdentityProvider): string {
  const fallback = ROLE_LABELS[provider.defaultRole].toLowerCase();
  if (!provider.roleClaim) return `Everyone signs in as ${fallback}`;
  const values = (list: string[]) => (list.length > 0 ? list.join(", ") : "none");
  return `From ${provider.roleClaim}: instructor for ${values(provider.instructorValues)}; student for ${values(provider.studentValues)}; otherwise ${fallback}`;
}
