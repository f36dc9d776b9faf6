import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { conversionsQueryKey } from "./get-conversions.ts";

/** DELETE /api/objective-conversions/:id */
export const deleteConversion = (id: number) =>
  answerOf(api.DELETE("/api/objective-conversions/{id}", { params: { path: { id } } }));

export function useDeleteConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversionsQueryKey }),
  });
}
