import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { StudentProject, StudentProjectListItem } from "#shared/schemas/enrolment.ts";

// The student's own calls: their projects, one project, joining by code.
const studentKeys = {
  all: ["/api/student"] as const,
  projects: ["/api/student", "projects"] as const,
  project: (id: number) => ["/api/student", "projects", id] as const,
};

export const useStudentProjects = () =>
  useQuery({
    queryKey: studentKeys.projects,
    queryFn: ({ signal }) => apiRequest<StudentProjectListItem[]>("GET", "/api/student/projects", { signal }),
  });

export const useStudentProject = (id: number) =>
  useQuery({
    queryKey: studentKeys.project(id),
    queryFn: ({ signal }) => apiRequest<StudentProject>("GET", `/api/student/projects/${id}`, { signal }),
    retry: false,
  });

export function useJoinProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<StudentProjectListItem>("POST", "/api/student/join", { body: { code } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
