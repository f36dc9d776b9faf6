import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { LtiRegistrationInvitation } from "#shared/schemas/lti.ts";

/**
 * POST /api/admin/lti/registration-invitations: an address with which one LMS registers the tool
 * for `institution` (LTI Dynamic Registration), answered once: the server keeps only its hash.
 */
export const createRegistrationInvitation = (institution: string) =>
  answerOf(api.POST("/api/admin/lti/registration-invitations", { body: { institution } }));

type CreateRegistrationInvitationOptions = Omit<
  UseMutationOptions<LtiRegistrationInvitation, Error, string>,
  "mutationFn"
>;

/** Changes no list until the LMS uses it (the platform appears then): nothing to invalidate. */
export const useCreateRegistrationInvitation = (options: CreateRegistrationInvitationOptions = {}) =>
  useMutation({ ...options, mutationFn: createRegistrationInvitation });
