import { useMutation } from "@tanstack/react-query";
import { draftRubricFromDeliverables } from "#client/api/rubrics/rubric-from-deliverables.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

/** GET /api/rubrics/gold-standard: the Gold Standard design rubric, not saved. */
export const getGoldStandardRubric = () => answerOf(api.GET("/api/rubrics/gold-standard"));

export const useGoldStandardRubric = () => useMutation({ mutationFn: getGoldStandardRubric });
export const useRubricFromDeliverables = () => useMutation({ mutationFn: draftRubricFromDeliverables });
