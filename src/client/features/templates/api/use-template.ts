import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";

/** Records template_used on the server and answers where the wizard opens. */
export const startProjectFromTemplate = (id: number) =>
  apiRequest<{ redirectTo: string }>("POST", `/api/templates/${id}/use`);

export function useStartProjectFromTemplate() {
  return useMutation({ mutationFn: startProjectFromTemplate });
}
