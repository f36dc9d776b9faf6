import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import type { Template } from "#shared/schemas/templates.ts";

/** Prefix of every template list; mutations invalidate it. */
export const templatesQueryKey = ["/api/templates/search"] as const;

export interface TemplateSearchParams {
  q?: string;
  discipline?: string;
  pendingOnly?: boolean;
  featuredOnly?: boolean;
  /** How many templates to read (the server's total comes in X-Total-Count either way). */
  limit?: number;
}

export interface TemplateSearchResult {
  templates: Template[];
  /** How many matched before the server's page limit (X-Total-Count). */
  total: number;
}

export async function searchTemplates(
  params: TemplateSearchParams,
  signal?: AbortSignal,
): Promise<TemplateSearchResult> {
  const query = new URLSearchParams();
  if (params.q?.trim()) query.set("q", params.q.trim());
  if (params.discipline && params.discipline !== "all") query.set("discipline", params.discipline);
  if (params.pendingOnly) query.set("status", "pending");
  if (params.featuredOnly) query.set("featuredOnly", "true");
  query.set("limit", String(params.limit ?? 500));
  const response = await apiFetch("GET", `/api/templates/search?${query}`, { signal });
  const templates = (await response.json()) as Template[];
  return { templates, total: Number(response.headers.get("X-Total-Count") ?? templates.length) };
}

export const searchTemplatesQueryOptions = (params: TemplateSearchParams) =>
  queryOptions({
    queryKey: [...templatesQueryKey, params],
    queryFn: ({ signal }) => searchTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchTemplates(params: TemplateSearchParams) {
  return useQuery(searchTemplatesQueryOptions(params));
}
