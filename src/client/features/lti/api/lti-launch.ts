import { useMutation, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

/** POST /api/lti/exchange: the one-time code of /lti/complete for a session, and where to go. */
export const exchangeLtiCode = (code: string) => answerOf(api.POST("/api/lti/exchange", { body: { code } }));

/** GET /api/lti/launches/:id: the course and link of the person's own launch. */
export function useLtiLaunch(id: string) {
  return useQuery({
    queryKey: ["lti-launch", id],
    queryFn: ({ signal }) =>
      answerOf(api.GET("/api/lti/launches/{id}", { params: { path: { id } }, signal })),
    retry: false,
  });
}

/** POST /api/lti/launches/:id/link: the project the course's link opens from now on. */
export function useLinkLtiProject(id: string) {
  return useMutation({
    mutationFn: (projectId: number) =>
      answerOf(api.POST("/api/lti/launches/{id}/link", { params: { path: { id } }, body: { projectId } })),
  });
}

/** POST /api/lti/launches/:id/deep-link: the signed answer to post back to the LMS. */
export function useDeepLinkLtiProject(id: string) {
  return useMutation({
    mutationFn: (body: { projectId: number; practice: boolean }) =>
      answerOf(api.POST("/api/lti/launches/{id}/deep-link", { params: { path: { id } }, body })),
  });
}
