import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
import { SignedXml } from "xml-crypto";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

/** The test identity provider the product is configured to trust. */
export const SAML_TEST_IDP = {
  issuer: "https://idp.uni.test/saml",
  entryPoint: "https://idp.uni.test/saml/sso",
  certificate: fixture("saml-idp.cert.pem"),
  privateKey: fixture("saml-idp.key.pem"),
};

/** A key pair the product does not trust (a response signed by someone else). */
export const SAML_OTHER_KEY = {
  certificate: fixture("saml-other.cert.pem"),
  privateKey: fixture("saml-other.key.pem"),
};

export interface SamlResponseOptions {
  /** The service provider's assertion consumer service URL. */
  destination: string;
  /** The service provider's entity id. */
  audience: string;
  /** The AuthnRequest's ID. */
  inResponseTo?: string;
  nameId: string;
  /** e.g. { email: "a@uni.test", eduPersonAffiliation: ["faculty"] } */
  attributes?: Record<string, string | string[]>;
  /** Default SAML_TEST_IDP.issuer. */
  issuer?: string;
  /** IssueInstant and AuthnInstant; default now. */
  now?: Date;
  /** Default now - 1 min. */
  notBefore?: Date;
  /** Conditions and SubjectConfirmationData; default now + 5 min. */
  notOnOrAfter?: Date;
  /** Default SAML_TEST_IDP. */
  signWith?: { privateKey: string; certificate: string };
  /** What is signed: the assertion (default), the response, or both. */
  sign?: "assertion" | "response" | "both";
  /** Changes the signed content (the NameID) after signing. */
  tamper?: boolean;
}

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const EXCLUSIVE_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const TAMPERED_NAME_ID = "someone-else";

/**
 * The base64 SAMLResponse a browser would POST to the ACS: a SAML 2.0 `samlp:Response` with one
 * `saml:Assertion`, signed with xml-crypto (RSA-SHA256, exclusive c14n, enveloped signature, the
 * X509 certificate in KeyInfo), each signature right after its element's Issuer as the SAML core
 * schema places it.
 */
export function signedSamlResponse(options: SamlResponseOptions): string {
  const now = options.now ?? new Date();
  const notBefore = options.notBefore ?? new Date(now.getTime() - 60_000);
  const notOnOrAfter = options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const signWith = options.signWith ?? SAML_TEST_IDP;
  const sign = options.sign ?? "assertion";

  let xml = responseXml({
    ...options,
    issuer: options.issuer ?? SAML_TEST_IDP.issuer,
    now,
    notBefore,
    notOnOrAfter,
  });
  if (sign === "assertion" || sign === "both") xml = signElement(xml, "Assertion", signWith);
  if (sign === "response" || sign === "both") xml = signElement(xml, "Response", signWith);
  if (options.tamper) {
    xml = xml.replace(/(<saml:NameID\b[^>]*>)[^<]*(<\/saml:NameID>)/, `$1${TAMPERED_NAME_ID}$2`);
  }
  return Buffer.from(xml, "utf8").toString("base64");
}

/** The AuthnRequest ID in a redirect-binding URL made by node-saml (`SAMLRequest`: deflated, base64). */
export function authnRequestIdFrom(redirectUrl: string): string {
  const samlRequest = new URL(redirectUrl).searchParams.get("SAMLRequest");
  if (!samlRequest) throw new Error(`no SAMLRequest in ${redirectUrl}`);
  const xml = inflateRawSync(Buffer.from(samlRequest, "base64")).toString("utf8");
  const id = /<(?:[\w-]+:)?AuthnRequest\b[^>]*\sID="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error(`no AuthnRequest ID in ${xml}`);
  return id;
}

function signElement(
  xml: string,
  localName: "Assertion" | "Response",
  key: { privateKey: string; certificate: string },
) {
  const element =
    localName === "Response" ? "/*[local-name(.)='Response']" : "//*[local-name(.)='Assertion']";
  const signature = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXCLUSIVE_C14N,
  });
  signature.addReference({
    xpath: element,
    transforms: [ENVELOPED_SIGNATURE, EXCLUSIVE_C14N],
    digestAlgorithm: SHA256,
  });
  signature.computeSignature(xml, {
    prefix: "ds",
    location: { reference: `${element}/*[local-name(.)='Issuer']`, action: "after" },
  });
  return signature.getSignedXml();
}

function responseXml(
  options: SamlResponseOptions & { issuer: string; now: Date; notBefore: Date; notOnOrAfter: Date },
) {
  const { destination, audience, issuer, now, notBefore, notOnOrAfter } = options;
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : "";
  const attributes = Object.entries(options.attributes ?? {})
    .map(([name, value]) => {
      const values = (Array.isArray(value) ? value : [value])
        .map((one) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(one)}</saml:AttributeValue>`)
        .join("");
      return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values}</saml:Attribute>`;
    })
    .join("");
  const attributeStatement = attributes
    ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`
    : "";
  return [
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"`,
    ` ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escapeXml(destination)}"${inResponseTo}>`,
    `<saml:Issuer>${escapeXml(issuer)}</saml:Issuer>`,
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>`,
    `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema"`,
    ` ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}">`,
    `<saml:Issuer>${escapeXml(issuer)}</saml:Issuer>`,
    `<saml:Subject>`,
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escapeXml(options.nameId)}</saml:NameID>`,
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">`,
    `<saml:SubjectConfirmationData Recipient="${escapeXml(destination)}" NotOnOrAfter="${notOnOrAfter.toISOString()}"${inResponseTo}/>`,
    `</saml:SubjectConfirmation>`,
    `</saml:Subject>`,
    `<saml:Conditions NotBefore="${notBefore.toISOString()}" NotOnOrAfter="${notOnOrAfter.toISOString()}">`,
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(audience)}</saml:Audience></saml:AudienceRestriction>`,
    `</saml:Conditions>`,
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}">`,
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>`,
    `</saml:AuthnStatement>`,
    attributeStatement,
    `</saml:Assertion>`,
    `</samlp:Response>`,
  ].join("");
}

function escapeXml(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}
