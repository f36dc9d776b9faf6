import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { LtiPlatform, LtiPlatformInput } from "#shared/schemas/lti.ts";
import { ltiKeys } from "./get-lti-platforms.ts";

/** A new platform, or the whole of an existing one (its id). */
export interface SaveLtiPlatformVariables {
  id?: string;
  input: LtiPlatformInput;
}

/** POST /api/admin/lti/platforms, or PUT /api/admin/lti/platforms/:id. */
export const saveLtiPlatform = ({ id, input }: SaveLtiPlatformVariables) =>
  id === undefined
    ? answerOf(api.POST("/api/admin/lti/platforms", { body: input }))
    : answerOf(api.PUT("/api/admin/lti/platforms/{id}", { params: { path: { id } }, body: input }));

type Options = Omit<UseMutationOptions<LtiPlatform, Error, SaveLtiPlatformVariables>, "mutationFn">;

export function useSaveLtiPlatform({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: saveLtiPlatform,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ltiKeys.platforms() });
      return onSuccess?.(...args);
    },
  });
}
