import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets kept in the database (API keys). The key is derived from the app secret
 * with HKDF, so the secret itself never encrypts anything directly. Stored form:
 * `v1.<iv>.<ciphertext>.<tag>` (base64url); a changed app secret makes old values unreadable
 * (decrypt throws) rather than wrong.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(appSecret: string) {
    this.#key = Buffer.from(hkdfSync("sha256", appSecret, "pivot-and-launch", "secret-box:v1", 32));
  }

  encrypt(plaintext: string, associatedData = ""): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(associatedData));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  /** The plaintext; throws when the value was not sealed with this key and associated data. */
  decrypt(sealed: string, associatedData = ""): string {
    const [version, iv, body, tag] = sealed.split(".");
    if (version !== VERSION || !iv || body === undefined || !tag) throw new Error("Not a sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(iv, "base64url"), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  }
}
