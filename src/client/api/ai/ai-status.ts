import { queryOptions } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

/**
 * Which AI key the next conversion uses: read by the Objectives Converter, refreshed by Settings
 * whenever a key is saved or removed.
 */
export const aiStatusKeys = { all: ["ai-status"] as const };

/** GET /api/ai/status */
export const getAiStatus = (signal?: AbortSignal) => answerOf(api.GET("/api/ai/status", { signal }));

export const aiStatusQueryOptions = () =>
  queryOptions({ queryKey: aiStatusKeys.all, queryFn: ({ signal }) => getAiStatus(signal) });
