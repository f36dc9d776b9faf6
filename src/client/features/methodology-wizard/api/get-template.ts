import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Template } from "#shared/schemas/templates.ts";

export const getTemplate = (id: number, signal?: AbortSignal) =>
  apiRequest<Template>("GET", `/api/templates/${id}`, { signal });

export const getTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: ["/api/templates", id], queryFn: ({ signal }) => getTemplate(id, signal) });

/** The template a create-project wizard starts from; disabled without an id. */
export function useWizardTemplate(id: number | undefined) {
  return useQuery({ ...getTemplateQueryOptions(id ?? 0), enabled: id !== undefined });
}
