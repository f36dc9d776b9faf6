/**
 * Query keys of the template library, for every screen that reads it (the library, the dashboard's
 * featured templates, the wizard's starting template). Approving or rejecting a template refreshes
 * every search (`searches`) and the disciplines.
 */
export const templateKeys = {
  all: ["templates"] as const,
  searches: () => [...templateKeys.all, "search"] as const,
  search: (params: object) => [...templateKeys.searches(), params] as const,
  disciplines: () => [...templateKeys.all, "disciplines"] as const,
  detail: (id: number) => [...templateKeys.all, "detail", id] as const,
};
