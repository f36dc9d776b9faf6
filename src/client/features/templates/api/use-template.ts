import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { TemplateUseResponse } from "#shared/schemas/templates.ts";

/** Records template_used on the server and answers where the wizard opens. */
export const startProjectFromTemplate = (id: number) =>
  apiRequest<TemplateUseResponse>("POST", `/api/templates/${id}/use`);

export function useStartProjectFromTemplate() {
  return useMutation({ mutationFn: startProjectFromTemplate });
}
