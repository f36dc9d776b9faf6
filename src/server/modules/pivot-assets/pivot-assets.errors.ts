import { PIVOT_MESSAGES } from "#shared/schemas/pivot-assets.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createPivotCardNotFoundError = createErrorFactory(
  "PIVOT_CARD_NOT_FOUND",
  PIVOT_MESSAGES.cardNotFound,
  404,
);
export const createWorkedExampleNotFoundError = createErrorFactory(
  "WORKED_EXAMPLE_NOT_FOUND",
  PIVOT_MESSAGES.exampleNotFound,
  404,
);
export const createRetrievalItemNotFoundError = createErrorFactory(
  "RETRIEVAL_ITEM_NOT_FOUND",
  PIVOT_MESSAGES.itemNotFound,
  404,
);
export const createProjectNotFoundError = createErrorFactory("PROJECT_NOT_FOUND", "Project not found.", 404);
/** spec B §5: empty name. */
export const createDisciplineEmptyError = createErrorFactory(
  "DISCIPLINE_EMPTY",
  PIVOT_MESSAGES.disciplineEmpty,
  400,
);
/** spec B §5: same value or label as a known discipline, case aside. */
export const createDisciplineDuplicateError = createErrorFactory(
  "DISCIPLINE_DUPLICATE",
  PIVOT_MESSAGES.disciplineDuplicate,
  409,
);
export const createUnknownDisciplineError = createErrorFactory(
  "UNKNOWN_DISCIPLINE",
  PIVOT_MESSAGES.unknownDiscipline,
  400,
);
export const createNothingToUndoError = createErrorFactory(
  "NOTHING_TO_UNDO",
  PIVOT_MESSAGES.nothingToUndo,
  409,
);
