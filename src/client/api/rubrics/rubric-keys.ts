/** The rubrics' query keys: the rubrics screen and the milestone dialog's rubric choice. */
export const rubricKeys = {
  all: ["rubrics"] as const,
  list: () => [...rubricKeys.all, "list"] as const,
};
