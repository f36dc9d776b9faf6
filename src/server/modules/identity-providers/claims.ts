import { ACCOUNT_LIMITS } from "#shared/account.ts";
import type { IdentityProviderRow } from "./identity-providers.table.ts";

/** A person as an identity provider describes them, in this product's terms. */
export interface SignInPerson {
  /** The provider's stable id of the person: OIDC `sub`, SAML NameID. */
  subject: string;
  email: string | null;
  /** Whether the provider vouches for the e-mail address; only a verified address links an account. */
  emailVerified: boolean;
  name: string;
  /** Never an administrator role: those are granted here, by the super admin. */
  role: "instructor" | "student";
}

type Rules = Pick<IdentityProviderRow, "roleClaim" | "instructorValues" | "studentValues" | "defaultRole">;

const asStrings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");

const firstString = (...values: unknown[]) =>
  values
    .flatMap(asStrings)
    .find((value) => value.trim() !== "")
    ?.trim();

/**
 * The role from `roleClaim` when one of its values is listed (compared without case; a scoped
 * value such as `faculty@uni.edu` counts as `faculty`), instructor first; else the default role.
 */
export function roleFrom(claims: Record<string, unknown>, rules: Rules): SignInPerson["role"] {
  if (!rules.roleClaim) return rules.defaultRole;
  const values = asStrings(claims[rules.roleClaim]).flatMap((value) => {
    const lower = value.trim().toLowerCase();
    return [lower, lower.split("@")[0] ?? lower];
  });
  const matches = (listed: string[]) => listed.some((item) => values.includes(item.trim().toLowerCase()));
  if (matches(rules.instructorValues)) return "instructor";
  if (matches(rules.studentValues)) return "student";
  return rules.defaultRole;
}

const normaliseEmail = (value: string | undefined) => {
  const email = value?.trim().toLowerCase();
  return email && /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= ACCOUNT_LIMITS.emailMax ? email : null;
};

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

const nameFrom = (name: string | undefined, email: string | null, subject: string) =>
  (name ?? email?.split("@")[0] ?? subject).slice(0, ACCOUNT_LIMITS.nameMax);

/** OpenID Connect: the ID token's (and userinfo's) standard claims; `email_verified` decides linking. */
export function personFromOidc(claims: Record<string, unknown>, provider: Rules): SignInPerson {
  const subject = String(claims.sub);
  const email = normaliseEmail(firstString(claims.email));
  const given = firstString(claims.given_name);
  const family = firstString(claims.family_name);
  const name = firstString(
    claims.name,
    given && family ? `${given} ${family}` : given,
    claims.preferred_username,
  );
  return {
    subject,
    email,
    emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === "true"),
    name: nameFrom(name, email, subject),
    role: roleFrom(claims, provider),
  };
}

/** SAML attributes by their usual names: the friendly name, the eduPerson/inetOrgPerson OID, the claim URI. */
const SAML_ATTRIBUTES = {
  email: [
    "email",
    "mail",
    "urn:oid:0.9.2342.19200300.100.1.3",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  ],
  displayName: [
    "displayName",
    "urn:oid:2.16.840.1.113730.3.1.241",
    "http://schemas.microsoft.com/identity/claims/displayname",
    "cn",
    "urn:oid:2.5.4.3",
  ],
  givenName: [
    "givenName",
    "urn:oid:2.5.4.42",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
  ],
  surname: [
    "sn",
    "surname",
    "urn:oid:2.5.4.4",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
  ],
} as const;

/**
 * SAML: the NameID and the assertion's attributes. SAML has no "verified" flag: an address counts as
 * verified when its domain is one of the provider's e-mail domains, for which the institution's own
 * identity provider speaks (docs/decisions/0056-institution-sign-in.md).
 */
export function personFromSaml(
  attributes: Record<string, unknown>,
  nameId: string,
  provider: Rules & Pick<IdentityProviderRow, "emailDomains">,
): SignInPerson {
  const pick = (names: readonly string[]) => firstString(...names.map((name) => attributes[name]));
  const email = normaliseEmail(pick(SAML_ATTRIBUTES.email) ?? (nameId.includes("@") ? nameId : undefined));
  const given = pick(SAML_ATTRIBUTES.givenName);
  const surname = pick(SAML_ATTRIBUTES.surname);
  const name = pick(SAML_ATTRIBUTES.displayName) ?? (given && surname ? `${given} ${surname}` : given);
  return {
    subject: nameId,
    email,
    emailVerified: email !== null && provider.emailDomains.includes(domainOf(email)),
    name: nameFrom(name, email, nameId),
    role: roleFrom(attributes, provider),
  };
}

export { domainOf };
