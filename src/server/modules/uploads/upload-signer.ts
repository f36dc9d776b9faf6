import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signs upload addresses with a key derived from the app secret (HKDF, its own label, so the
 * secret itself signs nothing): HMAC-SHA-256 over the method, the path, the caller's id and the
 * expiry. Changing any of them, or the signature, fails `verify`.
 */
export class UploadSigner {
  readonly #key: Buffer;

  constructor(appSecret: string) {
    this.#key = Buffer.from(hkdfSync("sha256", appSecret, "pivot-and-launch", "upload-url:v1", 32));
  }

  sign(path: string, facultyId: number, expiresAtSeconds: number): string {
    return createHmac("sha256", this.#key)
      .update(`PUT\n${path}\n${facultyId}\n${expiresAtSeconds}`)
      .digest("base64url");
  }

  verify(path: string, facultyId: number, expiresAtSeconds: number, signature: string): boolean {
    const expected = Buffer.from(this.sign(path, facultyId, expiresAtSeconds));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
