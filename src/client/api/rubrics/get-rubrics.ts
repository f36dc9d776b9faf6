import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { rubricKeys } from "./rubric-keys.ts";

/** GET /api/rubrics: the caller's rubrics, the latest changed first. */
export const getRubrics = async (signal?: AbortSignal) =>
  (await answerOf(api.GET("/api/rubrics", { signal }))).rubrics;

export const rubricsQueryOptions = () =>
  queryOptions({ queryKey: rubricKeys.list(), queryFn: ({ signal }) => getRubrics(signal) });

export function useRubrics() {
  return useQuery(rubricsQueryOptions());
}
