import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { CreateConversionInput } from "#shared/schemas/conversions.ts";
import { conversionsQueryKey } from "./get-conversions.ts";

/** POST /api/objective-conversions */
export const saveConversion = (input: CreateConversionInput) =>
  answerOf(api.POST("/api/objective-conversions", { body: input }));

export function useSaveConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConversion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversionsQueryKey }),
  });
}
