import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { type NotificationKind, notificationKindSchema } from "#shared/schemas/notifications.ts";

/**
 * One-click unsubscribe tokens (RFC 8058): `<facultyId>.<kind>.<HMAC-SHA-256 of "facultyId:kind">`,
 * keyed by a key derived from the app secret (HKDF, its own label, so the secret itself signs
 * nothing). A token never expires: a mail read months later still unsubscribes.
 */
export class UnsubscribeSigner {
  readonly #key: Buffer;

  constructor(appSecret: string) {
    this.#key = Buffer.from(hkdfSync("sha256", appSecret, "pivot-and-launch", "unsubscribe:v1", 32));
  }

  #mac(facultyId: number, kind: NotificationKind): string {
    return createHmac("sha256", this.#key).update(`${facultyId}:${kind}`).digest("base64url");
  }

  token(facultyId: number, kind: NotificationKind): string {
    return `${facultyId}.${kind}.${this.#mac(facultyId, kind)}`;
  }

  /** The person and kind a token names, or undefined when it was not made here. */
  verify(token: string): { facultyId: number; kind: NotificationKind } | undefined {
    const [idText, kindText, mac, ...rest] = token.split(".");
    if (rest.length > 0 || !idText || !kindText || !mac || !/^[1-9]\d{0,9}$/.test(idText)) return undefined;
    const kind = notificationKindSchema.safeParse(kindText);
    const facultyId = Number(idText);
    if (!kind.success) return undefined;
    const expected = Buffer.from(this.#mac(facultyId, kind.data));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { facultyId, kind: kind.data };
  }
}
