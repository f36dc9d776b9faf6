import { useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { RubricFromDeliverablesInput } from "#shared/schemas/rubrics.ts";

/** GET /api/rubrics/gold-standard: the Gold Standard design rubric, not saved. */
export const getGoldStandardRubric = () => answerOf(api.GET("/api/rubrics/gold-standard"));

/** POST /api/rubrics/from-deliverables: a rubric drafted from deliverables, not saved. */
export const draftRubricFromDeliverables = (input: RubricFromDeliverablesInput) =>
  answerOf(api.POST("/api/rubrics/from-deliverables", { body: input }));

export const useGoldStandardRubric = () => useMutation({ mutationFn: getGoldStandardRubric });
export const useRubricFromDeliverables = () => useMutation({ mutationFn: draftRubricFromDeliverables });
