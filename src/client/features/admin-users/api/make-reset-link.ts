import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

/** POST /api/admin/users/:id/password-reset: a reset link for the account, answered once. */
export const makeResetLink = (id: number) =>
  answerOf(api.POST("/api/admin/users/{id}/password-reset", { params: { path: { id } } }));
type ResetLink = Awaited<ReturnType<typeof makeResetLink>>;

type MakeResetLinkOptions = Omit<UseMutationOptions<ResetLink, Error, number>, "mutationFn">;

/** Changes no list: nothing to invalidate. */
export const useMakeResetLink = (options: MakeResetLinkOptions = {}) =>
  useMutation({ ...options, mutationFn: makeResetLink });
