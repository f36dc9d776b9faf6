import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { TemplateDisciplines } from "#shared/schemas/templates.ts";

/** GET /api/templates/disciplines: the disciplines of the library the caller sees (the filter's options). */
export const templateDisciplinesQueryKey = ["/api/templates/disciplines"] as const;

export const templateDisciplinesQueryOptions = () =>
  queryOptions({
    queryKey: templateDisciplinesQueryKey,
    queryFn: ({ signal }) => apiRequest<TemplateDisciplines>("GET", "/api/templates/disciplines", { signal }),
  });

export function useTemplateDisciplines() {
  return useQuery(templateDisciplinesQueryOptions());
}
