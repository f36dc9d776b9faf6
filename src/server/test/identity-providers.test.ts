import { SAML, type SamlConfig, ValidateInResponseTo } from "@node-saml/node-saml";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcTestProvider, signInAtProvider, startOidcTestProvider } from "./oidc-test-provider.ts";
import { authnRequestIdFrom, SAML_OTHER_KEY, SAML_TEST_IDP, signedSamlResponse } from "./saml-test-idp.ts";

describe("the OpenID test provider", () => {
  const client = {
    clientId: "pivot-launch",
    clientSecret: "a-client-secret-for-tests",
    redirectUris: ["http://127.0.0.1:6499/api/auth/oidc/callback"],
  };
  const ada = {
    login: "ada",
    email: "ada@uni.test",
    emailVerified: true,
    name: "Ada Lovelace",
    claims: { eduPersonAffiliation: ["faculty", "member"] },
  };
  let provider: OidcTestProvider;

  beforeAll(async () => {
    provider = await startOidcTestProvider({ clients: [client], people: [ada] });
  });
  afterAll(async () => {
    await provider.close();
  });

  const startSignIn = async (relyingParty = client) => {
    const configuration = await oidc.discovery(
      new URL(provider.issuer),
      relyingParty.clientId,
      relyingParty.clientSecret,
      undefined,
      { execute: [oidc.allowInsecureRequests] },
    );
    const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
    const expectedState = oidc.randomState();
    const expectedNonce = oidc.randomNonce();
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: relyingParty.redirectUris[0] ?? "",
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: "S256",
      state: expectedState,
      nonce: expectedNonce,
    });
    return { configuration, authorizationUrl, checks: { pkceCodeVerifier, expectedState, expectedNonce } };
  };

  it("serves discovery at its issuer on 127.0.0.1", async () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(provider.issuer);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_basic", "client_secret_post"]),
    );
  });

  it("signs a known person in through the code flow with PKCE, state and nonce", async () => {
    const { configuration, authorizationUrl, checks } = await startSignIn();

    const callback = await signInAtProvider(authorizationUrl.href, "ada");
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUris[0]);
    expect(callback.searchParams.get("state")).toBe(checks.expectedState);
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, checks);

    expect(tokens.claims()).toMatchObject({
      iss: provider.issuer,
      aud: client.clientId,
      nonce: checks.expectedNonce,
      sub: "ada",
      email: "ada@uni.test",
      email_verified: true,
      name: "Ada Lovelace",
      eduPersonAffiliation: ["faculty", "member"],
    });
    const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, "ada");
    expect(userInfo).toMatchObject({ sub: "ada", email: "ada@uni.test", name: "Ada Lovelace" });
  });

  it("ends an unknown login's sign-in at the redirect_uri with access_denied and no code", async () => {
    const { authorizationUrl, checks } = await startSignIn();

    const callback = await signInAtProvider(authorizationUrl.href, "nobody");

    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUris[0]);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(checks.expectedState);
    expect(callback.searchParams.has("code")).toBe(false);
  });

  it("signs in people and clients added after it started", async () => {
    const later = {
      clientId: "later-app",
      clientSecret: "later-secret",
      redirectUris: ["http://127.0.0.1:6498/cb"],
    };
    provider.addClient(later);
    provider.addPerson({
      login: "grace",
      email: "grace@uni.test",
      emailVerified: false,
      name: "Grace Hopper",
      claims: { schacHomeOrganization: "uni.test" },
    });
    const { configuration, authorizationUrl, checks } = await startSignIn(later);

    const callback = await signInAtProvider(authorizationUrl.href, "grace");
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, checks);

    expect(tokens.claims()).toMatchObject({
      aud: "later-app",
      sub: "grace",
      email: "grace@uni.test",
      email_verified: false,
      schacHomeOrganization: "uni.test",
    });
  });
});

describe("the SAML test identity provider", () => {
  const serviceProvider = {
    entityId: "https://pivot-launch.test/saml",
    acsUrl: "https://pivot-launch.test/api/auth/saml/acs",
  };
  const samlServiceProvider = (overrides: Partial<SamlConfig> = {}) =>
    new SAML({
      idpCert: SAML_TEST_IDP.certificate,
      entryPoint: SAML_TEST_IDP.entryPoint,
      issuer: serviceProvider.entityId,
      callbackUrl: serviceProvider.acsUrl,
      audience: serviceProvider.entityId,
      wantAssertionsSigned: true,
      // node-saml 5 also wants the Response signed unless told otherwise; the default here signs
      // only the assertion.
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.never,
      ...overrides,
    });
  const response = (overrides: Partial<Parameters<typeof signedSamlResponse>[0]> = {}) =>
    signedSamlResponse({
      destination: serviceProvider.acsUrl,
      audience: serviceProvider.entityId,
      nameId: "ada@uni.test",
      attributes: { email: "ada@uni.test", eduPersonAffiliation: ["faculty", "member"] },
      ...overrides,
    });

  it("has its response with a signed assertion accepted, with the NameID and attributes", async () => {
    const { profile, loggedOut } = await samlServiceProvider().validatePostResponseAsync({
      SAMLResponse: response(),
    });

    expect(loggedOut).toBe(false);
    expect(profile).toMatchObject({
      issuer: SAML_TEST_IDP.issuer,
      nameID: "ada@uni.test",
      email: "ada@uni.test",
      eduPersonAffiliation: ["faculty", "member"],
      attributes: { email: "ada@uni.test", eduPersonAffiliation: ["faculty", "member"] },
    });
  });

  it("signs the response, or the response and the assertion, when asked", async () => {
    const bothSigned = samlServiceProvider({ wantAuthnResponseSigned: true });
    const responseSignedOnly = samlServiceProvider({
      wantAssertionsSigned: false,
      wantAuthnResponseSigned: true,
    });

    const both = await bothSigned.validatePostResponseAsync({ SAMLResponse: response({ sign: "both" }) });
    const responseOnly = await responseSignedOnly.validatePostResponseAsync({
      SAMLResponse: response({ sign: "response", nameId: "grace@uni.test" }),
    });

    expect(both.profile?.nameID).toBe("ada@uni.test");
    expect(responseOnly.profile?.nameID).toBe("grace@uni.test");
    await expect(
      bothSigned.validatePostResponseAsync({ SAMLResponse: response({ sign: "assertion" }) }),
    ).rejects.toThrow("Invalid document signature");
  });

  it("places each signature after its element's Issuer, with the certificate in KeyInfo", () => {
    const xml = Buffer.from(response({ sign: "both" }), "base64").toString("utf8");

    expect(xml).toMatch(/<samlp:Response [^>]*><saml:Issuer>[^<]*<\/saml:Issuer><ds:Signature /);
    expect(xml).toMatch(/<saml:Assertion [^>]*><saml:Issuer>[^<]*<\/saml:Issuer><ds:Signature /);
    expect(xml).toContain(
      '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>',
    );
    expect(xml).toContain('<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>');
    const certificateBody = SAML_TEST_IDP.certificate.replace(/-----[A-Z ]+-----|\s/g, "");
    expect(xml).toContain(`<ds:X509Certificate>${certificateBody}</ds:X509Certificate>`);
  });

  it("has a response signed by a key the service provider does not trust rejected", async () => {
    await expect(
      samlServiceProvider().validatePostResponseAsync({
        SAMLResponse: response({ signWith: SAML_OTHER_KEY }),
      }),
    ).rejects.toThrow("Invalid signature");
  });

  it("has a response changed after signing rejected", async () => {
    const tampered = Buffer.from(response({ tamper: true }), "base64").toString("utf8");
    expect(tampered).toContain(">someone-else</saml:NameID>");

    await expect(
      samlServiceProvider().validatePostResponseAsync({ SAMLResponse: response({ tamper: true }) }),
    ).rejects.toThrow("Invalid signature");
  });

  it("has an expired assertion rejected", async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);

    await expect(
      samlServiceProvider().validatePostResponseAsync({
        SAMLResponse: response({ now: tenMinutesAgo, notOnOrAfter: new Date(Date.now() - 60_000) }),
      }),
    ).rejects.toThrow("SAML assertion expired: clocks skewed too much");
  });

  it("reads the AuthnRequest ID from the service provider's redirect URL", async () => {
    const redirectUrl = await samlServiceProvider({
      generateUniqueId: () => "_request-id-for-the-test",
    }).getAuthorizeUrlAsync("relay-state", undefined, {});

    expect(redirectUrl.startsWith(`${SAML_TEST_IDP.entryPoint}?`)).toBe(true);
    expect(authnRequestIdFrom(redirectUrl)).toBe("_request-id-for-the-test");
  });

  it("answers an AuthnRequest with a response the service provider matches to it", async () => {
    const sp = samlServiceProvider({ validateInResponseTo: ValidateInResponseTo.always });
    const requestId = authnRequestIdFrom(await sp.getAuthorizeUrlAsync("", undefined, {}));

    const { profile } = await sp.validatePostResponseAsync({
      SAMLResponse: response({ inResponseTo: requestId }),
    });
    expect(profile?.inResponseTo).toBe(requestId);
    await expect(
      sp.validatePostResponseAsync({ SAMLResponse: response({ inResponseTo: "_not-a-request-it-made" }) }),
    ).rejects.toThrow(/InResponseTo/i);
  });
});
