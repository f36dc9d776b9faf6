/**
 * Query keys of projects, for every feature that reads or changes them (dashboard, collaboration,
 * the wizard, the project screen). Every key starts with `all`, so invalidating `all` after any
 * change refreshes every list and every project on screen.
 */
export const projectKeys = {
  all: ["projects"] as const,
  ofFaculty: (facultyId: number) => [...projectKeys.all, "faculty", facultyId] as const,
  detail: (id: number) => [...projectKeys.all, id] as const,
};
