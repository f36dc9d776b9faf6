import { queryOptions, useQuery } from "@tanstack/react-query";
import { templateKeys } from "#client/api/templates/template-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

/** GET /api/templates/:id */
export const getTemplate = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/templates/{id}", { params: { path: { id } }, signal }));

export const getTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: templateKeys.detail(id), queryFn: ({ signal }) => getTemplate(id, signal) });

/** The template a create-project wizard starts from; disabled without an id. */
export function useWizardTemplate(id: number | undefined) {
  return useQuery({ ...getTemplateQueryOptions(id ?? 0), enabled: id !== undefined });
}
