/** One option per project, its id the value and its title the text, for a project select. */
export function ProjectOptions({ projects }: { projects: ReadonlyArray<{ id: number; title: string }> }) {
  return projects.map((project) => (
    <option key={project.id} value={project.id}>
      {project.title}
    </option>
  ));
}
