import { useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { CreateTemplateInput } from "#shared/schemas/templates.ts";

/** POST /api/templates: the wizard's create-template mode (pending until an admin approves). */
export const createTemplate = (input: CreateTemplateInput) =>
  answerOf(api.POST("/api/templates", { body: input }));

export function useCreateTemplate() {
  return useMutation({ mutationFn: createTemplate });
}
