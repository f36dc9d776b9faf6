import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { ObjectiveConversion } from "#shared/schemas/conversions.ts";
import { conversionsQueryKey } from "./get-conversions.ts";

export const rateConversion = ({ id, feedbackRating }: { id: number; feedbackRating: number }) =>
  apiRequest<ObjectiveConversion>("PUT", `/api/objective-conversions/${id}/rating`, {
    body: { feedbackRating },
  });

export function useRateConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateConversion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversionsQueryKey }),
  });
}
