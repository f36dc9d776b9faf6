/** The rubrics screen's query keys. */
export const rubricKeys = {
  all: ["rubrics"] as const,
  list: () => [...rubricKeys.all, "list"] as const,
};
