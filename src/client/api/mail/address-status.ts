import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

// Whether mail to the signed-in person's address bounced (Settings and the student's Profile show
// it), and "Try again", which clears the mark.

export const addressStatusKeys = {
  all: ["mail", "address-status"] as const,
  /** Keyed by the address: after an e-mail change the new address is asked about. */
  of: (address: string) => [...addressStatusKeys.all, address] as const,
};

/** GET /api/mail/address-status */
export const getAddressStatus = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/mail/address-status", { signal }));

export const getAddressStatusQueryOptions = (address: string) =>
  queryOptions({
    queryKey: addressStatusKeys.of(address),
    queryFn: ({ signal }) => getAddressStatus(signal),
  });

export function useAddressStatus(address: string) {
  return useQuery(getAddressStatusQueryOptions(address));
}

/** DELETE /api/mail/address-status */
export const clearBounce = () => answerOf(api.DELETE("/api/mail/address-status"));

export function useClearBounce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearBounce,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressStatusKeys.all }),
  });
}
