import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/** The process contract's health: "ok" once the database answers a query. */
export function createHealthService(db: Database) {
  return {
    async check() {
      await db.execute(sql`select 1`);
      return { status: "ok" as const };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
