import type { Pool } from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { createRateLimitedError } from "../../lib/errors.ts";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * One limit: at most `limit` counted attempts per key in a window of `windowMs`, which starts at
 * the key's first attempt (rate-limiter-flexible's fixed window).
 */
export interface RateLimiter {
  /** Counts one attempt for the key and says whether it is within the limit. */
  hit(key: string): Promise<RateLimitResult>;
  /** Says whether the key is already at its limit, without counting. */
  peek(key: string): Promise<RateLimitResult>;
  /** Forgets the key's attempts. */
  reset(key: string): Promise<void>;
}

/** Where the counters are held: the process's memory (PGlite), or PostgreSQL (every instance shares them). */
export type RateLimitStore = { kind: "memory" } | { kind: "postgres"; pool: Pool };

/** Makes the app's limiters, each named (its keys are its own), all on one store. */
export interface RateLimits {
  readonly store: RateLimitStore["kind"];
  limiter(name: string, options: { limit: number; windowMs: number }): RateLimiter;
}

/** The table of migration 0028 (rate-limits.table.ts); the library is told not to make it. */
const TABLE = "rate_limit";

export function createRateLimits(store: RateLimitStore): RateLimits {
  const names = new Set<string>();
  return {
    store: store.kind,
    limiter(name, { limit, windowMs }) {
      // Two limiters of one name would count each other's attempts against different limits.
      if (names.has(name)) throw new Error(`rate limiter "${name}" is made twice`);
      names.add(name);
      const options = { keyPrefix: name, points: limit, duration: windowMs / 1000 };
      const library =
        store.kind === "memory"
          ? new RateLimiterMemory(options)
          : new RateLimiterPostgres({
              ...options,
              storeClient: store.pool,
              storeType: "pool",
              tableName: TABLE,
              tableCreated: true,
              // Rows whose window ended an hour ago are deleted every five minutes, by one limiter.
              clearExpiredByTimeout: names.size === 1,
            });
      return wrap(library, limit, windowMs);
    },
  };
}

/** The limits of an app on `database`: shared through PostgreSQL when it has a pool, in memory otherwise. */
export function rateLimitsFor(database: {
  kind: "pglite" | "postgres";
  pool?: Pool | undefined;
}): RateLimits {
  return createRateLimits(
    database.kind === "postgres" && database.pool
      ? { kind: "postgres", pool: database.pool }
      : { kind: "memory" },
  );
}

function wrap(library: RateLimiterAbstract, limit: number, windowMs: number): RateLimiter {
  const result = (allowed: boolean, msBeforeNext: number): RateLimitResult => ({
    allowed,
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
  return {
    async hit(key) {
      try {
        const counted = await library.consume(key);
        return result(true, counted.msBeforeNext);
      } catch (error) {
        // Over the limit the library rejects with its result; a store failure is an Error.
        if (error instanceof RateLimiterRes) return result(false, error.msBeforeNext);
        throw error;
      }
    },
    async peek(key) {
      const counted = await library.get(key);
      // The memory store answers a window that has just ended until its timer removes it.
      if (!counted || counted.msBeforeNext <= 0) return result(true, windowMs);
      return result(counted.consumedPoints < limit, counted.msBeforeNext);
    },
    async reset(key) {
      await library.delete(key);
    },
  };
}

/**
 * Answers 429 (with Retry-After and the message, or the default one) when the limiter said no;
 * does nothing otherwise. Every rate-limited route goes through here.
 */
export function refuseWhenLimited(
  result: RateLimitResult,
  reply: { header(name: string, value: string): unknown },
  message?: string,
): void {
  if (result.allowed) return;
  reply.header("Retry-After", String(result.retryAfterSeconds));
  throw createRateLimitedError(message);
}
