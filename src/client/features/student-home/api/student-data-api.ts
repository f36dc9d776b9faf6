import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api, pageOf } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type { CheckInInput } from "#shared/schemas/cognitive-load.ts";
import type { StudentContributionInput } from "#shared/schemas/student.ts";
import { studentKeys } from "./student-api.ts";

// The student's own data: contributions and check-ins signed in, leaving a
// project, the download of everything they entered, and deleting the account.

export const CONTRIBUTIONS_PAGE = 10;
export const CHECK_INS_PAGE = 20;

/** GET /api/student/contributions: a page of one's contributions to a project, newest first. */
export const getOwnContributions = (projectId: number, page: number, signal?: AbortSignal) =>
  pageOf(
    api.GET("/api/student/contributions", {
      params: { query: { projectId, limit: CONTRIBUTIONS_PAGE, offset: page * CONTRIBUTIONS_PAGE } },
      signal,
    }),
  );
export const ownContributionsQueryOptions = (projectId: number, page: number) =>
  queryOptions({
    queryKey: studentKeys.contributionsPage(projectId, page),
    queryFn: ({ signal }) => getOwnContributions(projectId, page, signal),
    placeholderData: keepPreviousData,
  });
/** A page of the student's contributions to one project, newest first, with their status. */
export const useOwnContributions = (projectId: number, page: number) =>
  useQuery(ownContributionsQueryOptions(projectId, page));

/** GET /api/student/check-ins: a page of one's check-ins, newest first. */
export const getOwnCheckIns = (page: number, signal?: AbortSignal) =>
  pageOf(
    api.GET("/api/student/check-ins", {
      params: { query: { limit: CHECK_INS_PAGE, offset: page * CHECK_INS_PAGE } },
      signal,
    }),
  );
export const ownCheckInsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: studentKeys.checkInsPage(page),
    queryFn: ({ signal }) => getOwnCheckIns(page, signal),
    placeholderData: keepPreviousData,
  });
export const useOwnCheckIns = (page: number) => useQuery(ownCheckInsQueryOptions(page));

/** POST /api/student/projects/:id/contributions */
export const sendContribution = (id: number, input: StudentContributionInput) =>
  answerOf(api.POST("/api/student/projects/{id}/contributions", { params: { path: { id } }, body: input }));
export function useSendContribution(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentContributionInput) => sendContribution(projectId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: studentKeys.contributions() }),
  });
}

/** POST /api/student/projects/:id/check-ins */
export const sendCheckIn = (id: number, input: CheckInInput) =>
  answerOf(api.POST("/api/student/projects/{id}/check-ins", { params: { path: { id } }, body: input }));
export function useSendCheckIn(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => sendCheckIn(projectId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: studentKeys.checkIns() }),
  });
}

/** DELETE /api/student/projects/:id: leaving a project. */
export const leaveProject = (id: number) =>
  answerOf(api.DELETE("/api/student/projects/{id}", { params: { path: { id } } }));
export function useLeaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveProject,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}

/** GET /api/student/export, saved under the server's file name. */
export async function downloadMyData(): Promise<string> {
  const { response } = await api.GET("/api/student/export", { parseAs: "stream" });
  const fileName = attachmentFileName(
    response.headers.get("Content-Disposition"),
    "pivot-and-launch-my-data.json",
  );
  downloadBlob(await response.blob(), fileName);
  return fileName;
}
/** The download of everything one entered, as a mutation (a file is saved, nothing cached). */
export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });

/** DELETE /api/student/account: the account and everything entered, with the password as proof. */
export const deleteAccount = (password: string) =>
  answerOf(api.DELETE("/api/student/account", { body: { password } }));
/** Deleting one's account, confirmed by the password (the caller ends the session). */
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
