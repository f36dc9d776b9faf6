import { queryOptions, useQuery } from "@tanstack/react-query";
import { templateKeys } from "#client/api/templates/template-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

/** GET /api/templates/disciplines: the disciplines of the library the caller sees (the filter's options). */
export const getTemplateDisciplines = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/templates/disciplines", { signal }));

export const templateDisciplinesQueryKey = templateKeys.disciplines();

export const templateDisciplinesQueryOptions = () =>
  queryOptions({
    queryKey: templateDisciplinesQueryKey,
    queryFn: ({ signal }) => getTemplateDisciplines(signal),
  });

export function useTemplateDisciplines() {
  return useQuery(templateDisciplinesQueryOptions());
}
