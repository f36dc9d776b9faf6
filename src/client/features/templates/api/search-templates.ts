import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { templateKeys } from "#client/api/templates/template-keys.ts";
import { api, pageOf } from "#client/lib/api-client.ts";
import { ALL_DISCIPLINES, type Discipline } from "#shared/constants.ts";

/** Prefix of every template list; mutations invalidate it. */
export const templatesQueryKey = templateKeys.searches();

export interface TemplateSearchParams {
  q?: string;
  discipline?: string;
  pendingOnly?: boolean;
  featuredOnly?: boolean;
  /** How many templates to read (the server's total comes in X-Total-Count either way). */
  limit?: number;
}

/** GET /api/templates/search: the templates and how many matched before the page limit (X-Total-Count). */
export async function searchTemplates(params: TemplateSearchParams, signal?: AbortSignal) {
  // "all" (or nothing) is no filter; a template's discipline is always one of ALL_DISCIPLINES.
  const discipline = ALL_DISCIPLINES.find((value): value is Discipline => value === params.discipline);
  const page = await pageOf(
    api.GET("/api/templates/search", {
      params: {
        query: {
          q: params.q?.trim() || undefined,
          discipline,
          status: params.pendingOnly ? "pending" : undefined,
          featuredOnly: params.featuredOnly ? "true" : undefined,
          limit: params.limit ?? 500,
        },
      },
      signal,
    }),
  );
  return { templates: page.items, total: page.total };
}

export type TemplateSearchResult = Awaited<ReturnType<typeof searchTemplates>>;

export const searchTemplatesQueryOptions = (params: TemplateSearchParams) =>
  queryOptions({
    queryKey: templateKeys.search(params),
    queryFn: ({ signal }) => searchTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchTemplates(params: TemplateSearchParams) {
  return useQuery(searchTemplatesQueryOptions(params));
}
