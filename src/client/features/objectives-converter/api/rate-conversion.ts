import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { conversionsQueryKey } from "./get-conversions.ts";

/** PUT /api/objective-conversions/:id/rating */
export const rateConversion = ({ id, feedbackRating }: { id: number; feedbackRating: number }) =>
  answerOf(
    api.PUT("/api/objective-conversions/{id}/rating", { params: { path: { id } }, body: { feedbackRating } }),
  );

export function useRateConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateConversion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversionsQueryKey }),
  });
}
