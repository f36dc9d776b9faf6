/**
 * Query keys of Pivot Assets (cards, examples, items and their figures), for the Pivot Assets
 * screen and the project screen that attaches and creates cards. Every key starts with `all`: a
 * change anywhere refreshes every figure on screen.
 */
export const pivotKeys = {
  all: ["pivot-assets"] as const,
  disciplines: () => [...pivotKeys.all, "disciplines"] as const,
  cards: (filter: { q?: string | undefined; discipline?: string | undefined }) =>
    [...pivotKeys.all, "cards", filter] as const,
  attachableCards: () => [...pivotKeys.all, "cards", "attachable"] as const,
  drafts: (projectId: number) => [...pivotKeys.all, "drafts", projectId] as const,
  examples: () => [...pivotKeys.all, "examples"] as const,
  items: () => [...pivotKeys.all, "items"] as const,
  stats: () => [...pivotKeys.all, "stats"] as const,
  settings: () => [...pivotKeys.all, "settings"] as const,
};
