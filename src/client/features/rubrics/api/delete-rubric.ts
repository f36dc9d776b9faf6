import { useMutation, useQueryClient } from "@tanstack/react-query";
import { rubricsQueryOptions } from "#client/api/rubrics/get-rubrics.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

/** DELETE /api/rubrics/:id */
export const deleteRubric = (id: number) =>
  answerOf(api.DELETE("/api/rubrics/{id}", { params: { path: { id } } }));

export function useDeleteRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRubric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rubricsQueryOptions().queryKey }),
  });
}
