import { randomUUID } from "node:crypto";
import { desc, gt, isNull, lte, or } from "drizzle-orm";
import type { JWK } from "jose";
import type { Database } from "../../db/client.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { ltiToolKeyTable } from "./lti.table.ts";

const ALGORITHM = "RS256";
/** How long a rotated key stays in the keyset: longer than any platform caches it. */
export const RETIRED_KEY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const sealContext = (kid: string) => `lti-tool-key:${kid}`;

/** jose loads with the first LTI request, not at start-up. */
const loadJose = () => import("jose");

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * The tool's key pairs (LTI 1.3 security framework): the newest signs, every key not yet expired is
 * published in the keyset. A key is made on first need; `rotate` makes a new one and retires the
 * others, which stay published for RETIRED_KEY_RETENTION_MS.
 */
export function createToolKeys(deps: { db: Database; box: SecretBox; now: () => Date }) {
  const { db, box, now } = deps;

  async function create(): Promise<SigningKey> {
    const { exportJWK, generateKeyPair } = await loadJose();
    const kid = randomUUID();
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: "sig" };
    const privateJwk = await exportJWK(privateKey);
    await db.insert(ltiToolKeyTable).values({
      kid,
      publicJwk,
      privateKeySealed: box.encrypt(JSON.stringify(privateJwk), sealContext(kid)),
      createdAt: now(),
    });
    return { kid, privateKey };
  }

  return {
    /** The newest key in use, made when there is none. */
    async signingKey(): Promise<SigningKey> {
      const [row] = await db
        .select()
        .from(ltiToolKeyTable)
        .where(isNull(ltiToolKeyTable.retiredAt))
        .orderBy(desc(ltiToolKeyTable.createdAt))
        .limit(1);
      if (!row) return create();
      const jwk = JSON.parse(box.decrypt(row.privateKeySealed, sealContext(row.kid))) as JWK;
      const { importJWK } = await loadJose();
      return { kid: row.kid, privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey };
    },

    /** A new signing key; the others retire and leave the keyset after the retention. */
    async rotate(): Promise<{ kid: string }> {
      const at = now();
      await db
        .update(ltiToolKeyTable)
        .set({ retiredAt: at, expiresAt: new Date(at.getTime() + RETIRED_KEY_RETENTION_MS) })
        .where(isNull(ltiToolKeyTable.retiredAt));
      await db.delete(ltiToolKeyTable).where(lte(ltiToolKeyTable.expiresAt, at));
      const { kid } = await create();
      return { kid };
    },

    /** GET /lti/jwks: the public halves of every key not yet expired, newest first. */
    async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
      const rows = await db
        .select({ publicJwk: ltiToolKeyTable.publicJwk })
        .from(ltiToolKeyTable)
        .where(or(isNull(ltiToolKeyTable.expiresAt), gt(ltiToolKeyTable.expiresAt, now())))
        .orderBy(desc(ltiToolKeyTable.createdAt));
      if (rows.length === 0) {
        await create();
        return this.jwks();
      }
      return { keys: rows.map((row) => row.publicJwk) };
    },
  };
}

export type ToolKeys = ReturnType<typeof createToolKeys>;
