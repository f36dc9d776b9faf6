import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiPage, apiRequest } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type { CheckInInput } from "#shared/schemas/cognitive-load.ts";
import type {
  StudentContributionInput,
  StudentOwnCheckIn,
  StudentOwnContribution,
} from "#shared/schemas/student.ts";

// The student's own data: contributions and check-ins signed in, leaving a
// project, the download of everything they entered, and deleting the account.
const keys = {
  all: ["/api/student"] as const,
  contributions: (projectId: number, page: number) =>
    ["/api/student", "contributions", projectId, page] as const,
  checkIns: (page: number) => ["/api/student", "check-ins", page] as const,
};

export const CONTRIBUTIONS_PAGE = 10;
export const CHECK_INS_PAGE = 20;

/** A page of the student's contributions to one project, newest first, with their status. */
export const useOwnContributions = (projectId: number, page: number) =>
  useQuery({
    queryKey: keys.contributions(projectId, page),
    queryFn: ({ signal }) =>
      apiPage<StudentOwnContribution>(
        "/api/student/contributions",
        { projectId, limit: CONTRIBUTIONS_PAGE, offset: page * CONTRIBUTIONS_PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useOwnCheckIns = (page: number) =>
  useQuery({
    queryKey: keys.checkIns(page),
    queryFn: ({ signal }) =>
      apiPage<StudentOwnCheckIn>(
        "/api/student/check-ins",
        { limit: CHECK_INS_PAGE, offset: page * CHECK_INS_PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function useSendContribution(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentContributionInput) =>
      apiRequest<StudentOwnContribution>("POST", `/api/student/projects/${projectId}/contributions`, {
        body: input,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["/api/student", "contributions"] }),
  });
}

export function useSendCheckIn(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) =>
      apiRequest<StudentOwnCheckIn>("POST", `/api/student/projects/${projectId}/check-ins`, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["/api/student", "check-ins"] }),
  });
}

export function useLeaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => apiRequest<void>("DELETE", `/api/student/projects/${projectId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** GET /api/student/export, saved under the server's file name. */
export async function downloadMyData(): Promise<string> {
  const response = await apiFetch("GET", "/api/student/export");
  const fileName = attachmentFileName(
    response.headers.get("Content-Disposition"),
    "pivot-and-launch-my-data.json",
  );
  downloadBlob(await response.blob(), fileName);
  return fileName;
}

export const deleteAccount = (password: string) =>
  apiRequest<void>("DELETE", "/api/student/account", { body: { password } });
