import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.ts";

describe("RateLimiter", () => {
  it("allows the limit within a window, then refuses until the window passes", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.hit("a").allowed)).toEqual([true, true, true, false]);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.hit("a").retryAfterSeconds).toBe(1);
    now = 1001;
    expect(limiter.hit("a").allowed).toBe(true);
  });

  it("peeks without counting, and reset clears a key", () => {
    const limiter = new RateLimiter(2, 1000, () => 0);
    expect(limiter.peek("k").allowed).toBe(true);
    limiter.hit("k");
    limiter.hit("k");
    expect(limiter.peek("k").allowed).toBe(false);
    limiter.reset("k");
    expect(limiter.peek("k").allowed).toBe(true);
  });
});
