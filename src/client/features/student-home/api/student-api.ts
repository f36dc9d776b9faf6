import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

// The student's own calls: their projects, one project, joining by code.

/** Every key of the student's own data starts with `all`: joining or leaving refreshes them all. */
export const studentKeys = {
  all: ["student"] as const,
  projects: () => [...studentKeys.all, "projects"] as const,
  project: (id: number) => [...studentKeys.projects(), id] as const,
  contributions: () => [...studentKeys.all, "contributions"] as const,
  contributionsPage: (projectId: number, page: number) =>
    [...studentKeys.contributions(), projectId, page] as const,
  checkIns: () => [...studentKeys.all, "check-ins"] as const,
  checkInsPage: (page: number) => [...studentKeys.checkIns(), page] as const,
};

/** GET /api/student/projects */
export const getStudentProjects = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/student/projects", { signal }));
export const studentProjectsQueryOptions = () =>
  queryOptions({ queryKey: studentKeys.projects(), queryFn: ({ signal }) => getStudentProjects(signal) });
export const useStudentProjects = () => useQuery(studentProjectsQueryOptions());

/** GET /api/student/projects/:id */
export const getStudentProject = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/student/projects/{id}", { params: { path: { id } }, signal }));
export const studentProjectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studentKeys.project(id),
    queryFn: ({ signal }) => getStudentProject(id, signal),
    retry: false,
  });
export const useStudentProject = (id: number) => useQuery(studentProjectQueryOptions(id));

/** POST /api/student/join */
export const joinProject = (code: string) => answerOf(api.POST("/api/student/join", { body: { code } }));
export function useJoinProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinProject,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
