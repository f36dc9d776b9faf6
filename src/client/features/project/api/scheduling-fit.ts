import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

// The project screen's Scheduling card: the fitted scheduling's figures, Fit now, and the switch.

export const schedulingFitKeys = {
  fit: (projectId: number) => [...projectKeys.detail(projectId), "scheduling-fit"] as const,
};

/** GET /api/projects/:id/scheduling-fit (polled while a fit waits or runs). */
export const getSchedulingFit = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/scheduling-fit", { params: { path: { id } }, signal }));
export const schedulingFitQueryOptions = (id: number) =>
  queryOptions({
    queryKey: schedulingFitKeys.fit(id),
    queryFn: ({ signal }) => getSchedulingFit(id, signal),
    refetchInterval: (query) => (query.state.data?.job ? 3000 : false),
  });
export const useSchedulingFit = (id: number) => useQuery(schedulingFitQueryOptions(id));

/** POST /api/projects/:id/scheduling-fit: Fit now (the answer shows it queued). */
export function useFitNow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api.POST("/api/projects/{id}/scheduling-fit", { params: { path: { id } } })),
    onSuccess: (fit) => queryClient.setQueryData(schedulingFitKeys.fit(id), fit),
  });
}

/** PATCH /api/projects/:id/pacing {fittedScheduling}: the switch "Use parameters fitted to this course". */
export function useFittedSchedulingSwitch(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fittedScheduling: boolean) =>
      answerOf(
        api.PATCH("/api/projects/{id}/pacing", { params: { path: { id } }, body: { fittedScheduling } }),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: schedulingFitKeys.fit(id) }),
  });
}
