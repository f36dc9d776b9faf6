import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { ObjectiveConversion } from "#shared/schemas/conversions.ts";

export const getConversion = (id: number, signal?: AbortSignal) =>
  apiRequest<ObjectiveConversion>("GET", `/api/objective-conversions/${id}`, { signal });

export const getConversionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ["/api/objective-conversions", id],
    queryFn: ({ signal }) => getConversion(id, signal),
  });

/** The saved conversion a create-project wizard starts from; disabled without an id. */
export function useWizardConversion(id: number | undefined) {
  return useQuery({ ...getConversionQueryOptions(id ?? 0), enabled: id !== undefined });
}
