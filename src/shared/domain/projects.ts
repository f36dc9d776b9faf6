/** The longest project title (the shared title rule in schemas/projects.ts). */
const TITLE_MAX = 160;
const COPY_SUFFIX = " (copy)";

/** My Projects' Duplicate: "Title (copy)", the title shortened so the copy still fits. */
export function copyTitle(title: string): string {
  return `${title
    .trim()
    .slice(0, TITLE_MAX - COPY_SUFFIX.length)
    .trimEnd()}${COPY_SUFFIX}`;
}
