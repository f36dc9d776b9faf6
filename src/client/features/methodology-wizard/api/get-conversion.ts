import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

/** The wizard's starting points: a saved conversion or a template. */
export const wizardKeys = {
  conversion: (id: number) => ["wizard", "conversion", id] as const,
};

/** GET /api/objective-conversions/:id */
export const getConversion = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/objective-conversions/{id}", { params: { path: { id } }, signal }));

export const getConversionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: wizardKeys.conversion(id),
    queryFn: ({ signal }) => getConversion(id, signal),
  });

/** The saved conversion a create-project wizard starts from; disabled without an id. */
export function useWizardConversion(id: number | undefined) {
  return useQuery({ ...getConversionQueryOptions(id ?? 0), enabled: id !== undefined });
}
