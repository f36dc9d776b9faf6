import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { RubricFromDeliverablesInput } from "#shared/schemas/rubrics.ts";
import { rubricKeys } from "./rubric-keys.ts";

/** POST /api/rubrics/from-deliverables: a rubric drafted from deliverables, not saved. */
export const draftRubricFromDeliverables = (input: RubricFromDeliverablesInput) =>
  answerOf(api.POST("/api/rubrics/from-deliverables", { body: input }));

/** The draft from deliverables, saved at once (POST /api/rubrics): a milestone's rubric in one step. */
export async function createRubricFromDeliverables(input: RubricFromDeliverablesInput) {
  const draft = await draftRubricFromDeliverables(input);
  return answerOf(api.POST("/api/rubrics", { body: draft }));
}

export function useCreateRubricFromDeliverables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRubricFromDeliverables,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rubricKeys.all }),
  });
}
