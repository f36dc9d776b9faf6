// Institution sign-in (OpenID Connect, SAML 2.0): the texts the sign-in screen shows. No zod here,
// like account.ts: the signed-out page shows them before it loads any schema.

/**
 * Why a sign-in through an identity provider ended without a session. The server redirects to
 * `/sso/complete?error=<reason>`; the sign-in screen shows the text. Nothing else travels in the URL.
 */
export const SSO_REFUSALS = {
  expired: "This sign-in took too long or was already used. Please start again.",
  state: "This sign-in could not be matched to one started here. Please start again.",
  unknownProvider: "This sign-in option no longer exists. Please choose another way to sign in.",
  disabled: "This sign-in option is switched off. Please contact your administrator.",
  invalid: "Your institution's answer could not be verified, so you were not signed in. Please try again.",
  denied: "Sign-in was cancelled at your institution.",
  noEmail: "Your institution did not share your e-mail address, which Pivot & Launch needs to sign you in.",
  domain: "Your e-mail address is not one this sign-in option accepts. Please contact your administrator.",
  unverified:
    "An account with your e-mail address exists, but your institution did not confirm the address, so it was not linked. Sign in with your password, or contact your administrator.",
  otherInstitution:
    "An account with your e-mail address belongs to another institution, so it was not linked. Please contact your administrator.",
  pending: "Your account is awaiting administrator approval. You can sign in once it is approved.",
  rejected: "Your account registration was not approved. Please contact your administrator.",
  unavailable: "Your institution's sign-in could not be reached. Please try again in a moment.",
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;

export const isSsoRefusal = (value: string): value is SsoRefusal => Object.hasOwn(SSO_REFUSALS, value);

export const SSO_MESSAGES = {
  signInWith: (displayName: string) => `Sign in with ${displayName}`,
  codeExpired: "This sign-in link has expired or was already used. Please sign in again.",
  passwordSignInOff: (institution: string) =>
    `${institution} signs its members in through the institution's account. Use the institution sign-in button above.`,
} as const;

/** How long the one-time code of `/sso/complete` can be exchanged, and a started sign-in finished. */
export const SSO_CODE_TTL_MS = 60_000;
export const SSO_FLOW_TTL_MS = 10 * 60_000;
/** Clock difference allowed between us and an identity provider (SAML validity windows). */
export const SSO_CLOCK_SKEW_MS = 2 * 60_000;
