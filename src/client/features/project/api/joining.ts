import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { classFiguresKeys } from "#client/api/class-figures/class-figures.ts";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

// The project screen's joining calls: the roster, the removed students, the join code and joining
// on or off. Each hook refreshes what its change touches; the screen adds what it tells the person.

/** Under the project's key: refreshing the project refreshes its roster too. */
export const rosterKeys = {
  roster: (projectId: number) => [...projectKeys.detail(projectId), "roster"] as const,
  removed: (projectId: number) => [...rosterKeys.roster(projectId), "removed"] as const,
};

/** What a screen adds to a joining change: its own message on success or failure. */
interface MutationCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: Error) => void;
}

/** GET /api/projects/:id/roster */
export const getRoster = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/roster", { params: { path: { id } }, signal }));
export const rosterQueryOptions = (id: number) =>
  queryOptions({ queryKey: rosterKeys.roster(id), queryFn: ({ signal }) => getRoster(id, signal) });
export const useRoster = (id: number) => useQuery(rosterQueryOptions(id));

/** GET /api/projects/:id/roster/removed */
export const getRemovedStudents = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/roster/removed", { params: { path: { id } }, signal }));
export const removedStudentsQueryOptions = (id: number) =>
  queryOptions({ queryKey: rosterKeys.removed(id), queryFn: ({ signal }) => getRemovedStudents(id, signal) });
export const useRemovedStudents = (id: number) => useQuery(removedStudentsQueryOptions(id));

/** POST /api/projects/:id/join-code: a new code; the old one stops working. */
export const regenerateJoinCode = (id: number) =>
  answerOf(api.POST("/api/projects/{id}/join-code", { params: { path: { id } } }));
export function useRegenerateJoinCode(id: number, callbacks: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateJoinCode(id),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/** PUT /api/projects/:id/joining: joining by code on or off. */
export const switchJoining = (id: number, open: boolean) =>
  answerOf(api.PUT("/api/projects/{id}/joining", { params: { path: { id } }, body: { open } }));
export function useSwitchJoining(id: number, callbacks: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) => switchJoining(id, open),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/** The roster (and the removed list under its key) and the class figures, after a roster change. */
function useRosterChanged(id: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: rosterKeys.roster(id) });
    void queryClient.invalidateQueries({ queryKey: classFiguresKeys.project(id) });
  };
}

/** DELETE /api/projects/:id/roster/:studentId */
export const removeStudent = (id: number, studentId: number) =>
  answerOf(api.DELETE("/api/projects/{id}/roster/{studentId}", { params: { path: { id, studentId } } }));
export function useRemoveStudent(id: number, callbacks: MutationCallbacks<unknown> = {}) {
  const changed = useRosterChanged(id);
  return useMutation({
    mutationFn: (studentId: number) => removeStudent(id, studentId),
    onSuccess: (result) => {
      changed();
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/** POST /api/projects/:id/roster/:studentId/readmit */
export const readmitStudent = (id: number, studentId: number) =>
  answerOf(
    api.POST("/api/projects/{id}/roster/{studentId}/readmit", { params: { path: { id, studentId } } }),
  );
export function useReadmitStudent(
  id: number,
  callbacks: MutationCallbacks<Awaited<ReturnType<typeof readmitStudent>>> = {},
) {
  const changed = useRosterChanged(id);
  return useMutation({
    mutationFn: (studentId: number) => readmitStudent(id, studentId),
    onSuccess: (result) => {
      changed();
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}
