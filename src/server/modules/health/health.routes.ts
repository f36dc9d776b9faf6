import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema } from "#shared/schemas/health.ts";
import type { Database } from "../../db/client.ts";
import { access } from "../../lib/access.ts";

export const healthRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/health",
      { config: { access: access.public() }, schema: { response: { 200: healthResponseSchema } } },
      async () => {
        await db.execute(sql`select 1`);
        return { status: "ok" as const };
      },
    );
  };
