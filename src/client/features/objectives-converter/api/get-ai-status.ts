import { useQuery } from "@tanstack/react-query";
import { aiStatusKeys, aiStatusQueryOptions } from "#client/api/ai/ai-status.ts";

export const aiStatusQueryKey = aiStatusKeys.all;

export const getAiStatusQueryOptions = aiStatusQueryOptions;

/** Which key the next conversion will use; refetched on every visit (keys change in Settings). */
export const useAiStatus = () => useQuery({ ...getAiStatusQueryOptions(), refetchOnMount: "always" });
