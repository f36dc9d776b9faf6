import { useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

/** Records template_used on the server and answers where the wizard opens. */
export const startProjectFromTemplate = (id: number) =>
  answerOf(api.POST("/api/templates/{id}/use", { params: { path: { id } } }));

export function useStartProjectFromTemplate() {
  return useMutation({ mutationFn: startProjectFromTemplate });
}
