import { z } from "zod";
import { EVENT_DATA_MAX_BYTES, EVENT_TYPES } from "../constants.ts";
import { isoDateTime, isStorableJson, unstorableMessage } from "./common.ts";

export const eventTypeSchema = z.enum(EVENT_TYPES, {
  error: `Event type must be one of: ${EVENT_TYPES.join(", ")}`,
});

export const createAnalyticsEventSchema = z.strictObject({
  eventType: eventTypeSchema,
  eventData: z
    .record(z.string(), z.unknown(), { error: "Event data must be an object" })
    .default({})
    .refine((data) => JSON.stringify(data).length <= EVENT_DATA_MAX_BYTES, {
      message: `Event data must be at most ${EVENT_DATA_MAX_BYTES} bytes`,
    })
    .refine(isStorableJson, unstorableMessage("Event data")),
});
export type CreateAnalyticsEventInput = z.infer<typeof createAnalyticsEventSchema>;

export const analyticsQuerySchema = z.object({ eventType: eventTypeSchema.optional() });

/** An event as POST /api/analytics and GET /api/analytics/faculty/:facultyId answer it. */
export const analyticsEventSchema = z.object({
  id: z.number(),
  facultyId: z.number(),
  eventType: eventTypeSchema,
  eventData: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
