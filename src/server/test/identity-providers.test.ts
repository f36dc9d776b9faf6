import { SAML, type SamlConfig, ValidateInResponseTo } from "@node-saml/node-saml";
import { describe, expect, it } from "vitest";
import { authnRequestIdFrom, SAML_OTHER_KEY, SAML_TEST_IDP, signedSamlResponse } from "./saml-test-idp.ts";

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
