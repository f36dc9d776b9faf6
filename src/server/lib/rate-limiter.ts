import { createRateLimitedError } from "./errors.ts";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per key, held in memory. Enough for one process (the embedded mode is
 * single-process by design); several instances on PostgreSQL each enforce their own window.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for the key and says whether it is within the limit. */
  hit(key: string): RateLimitResult {
    const window = this.#current(key);
    window.count += 1;
    return this.#result(window, window.count <= this.limit);
  }

  /** Says whether the key is already over its limit, without counting. */
  peek(key: string): RateLimitResult {
    const window = this.#current(key);
    return this.#result(window, window.count < this.limit);
  }

  reset(key: string): void {
    this.#windows.delete(key);
  }

  #current(key: string) {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.#windows.set(key, window);
      if (this.#windows.size > 50_000) this.#sweep(now);
    }
    return window;
  }

  #result(window: { count: number; resetAt: number }, allowed: boolean): RateLimitResult {
    return {
      allowed,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000)),
    };
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
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
