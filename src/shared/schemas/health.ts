import { z } from "zod";

/** GET /api/health (ARCHITECTURE: process contract): answered once the database is ready. */
export const healthResponseSchema = z.object({ status: z.literal("ok") });
