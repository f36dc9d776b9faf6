import { useMutation, useQueryClient } from "@tanstack/react-query";
import { rubricsQueryOptions } from "#client/api/rubrics/get-rubrics.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { RubricInput } from "#shared/schemas/rubrics.ts";

/** POST /api/rubrics for a new rubric, PUT /api/rubrics/:id for a saved one. */
export const saveRubric = ({ id, rubric }: { id: number | undefined; rubric: RubricInput }) =>
  id === undefined
    ? answerOf(api.POST("/api/rubrics", { body: rubric }))
    : answerOf(api.PUT("/api/rubrics/{id}", { params: { path: { id } }, body: rubric }));

export function useSaveRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRubric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rubricsQueryOptions().queryKey }),
  });
}
