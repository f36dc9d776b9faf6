import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { CreateConversionInput, ObjectiveConversion } from "#shared/schemas/conversions.ts";
import { conversionsQueryKey } from "./get-conversions.ts";

export const saveConversion = (input: CreateConversionInput) =>
  apiRequest<ObjectiveConversion>("POST", "/api/objective-conversions", { body: input });

export function useSaveConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConversion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversionsQueryKey }),
  });
}
