import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import { conversionsQueryKey } from "./get-conversions.ts";

export const deleteConversion = (id: number) =>
  apiRequest<void>("DELETE", `/api/objective-conversions/${id}`);

export function useDeleteConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversionsQueryKey }),
  });
}
