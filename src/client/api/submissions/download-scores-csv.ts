import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";

/**
 * GET /api/projects/:id/scores.csv through the typed client (its Bearer header, so it works inside
 * an LMS frame without third-party cookies), handed to the browser under the server's file name.
 */
export async function downloadProjectScores(projectId: number): Promise<string> {
  const { response } = await api.GET("/api/projects/{id}/scores.csv", {
    params: { path: { id: projectId } },
    parseAs: "stream",
  });
  const fileName = attachmentFileName(
    response.headers.get("Content-Disposition"),
    `project-${projectId}-scores.csv`,
  );
  downloadBlob(await response.blob(), fileName);
  return fileName;
}

export const useDownloadProjectScores = () => useMutation({ mutationFn: downloadProjectScores });
