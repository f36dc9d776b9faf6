import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The rate limits' counters when the app runs on PostgreSQL (rate-limiter.ts), shared by every
 * instance: the row layout rate-limiter-flexible's PostgreSQL store reads and writes (a key, the
 * points counted in its window, and when the window ends in milliseconds since the epoch). Made
 * here rather than by the library at start-up, so instances starting together never race on it.
 */
export const rateLimitTable = pgTable(
  "rate_limit",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (table) => [index("rate_limit_expire_idx").on(table.expire)],
);
