import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { CreateTemplateInput, Template } from "#shared/schemas/templates.ts";

/** POST /api/templates: the wizard's create-template mode (pending until an admin approves). */
export const createTemplate = (input: CreateTemplateInput) =>
  apiRequest<Template>("POST", "/api/templates", { body: input });

export function useCreateTemplate() {
  return useMutation({ mutationFn: createTemplate });
}
