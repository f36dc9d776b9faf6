import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";

/** GET /api/projects/:id/scores.csv: one row per student, one column per milestone, downloaded. */
export async function downloadScoresCsv(projectId: number): Promise<void> {
  const { response } = await api.GET("/api/projects/{id}/scores.csv", {
    params: { path: { id: projectId } },
    parseAs: "stream",
  });
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), `project-${projectId} scores.csv`),
  );
}

export const useDownloadScoresCsv = () => useMutation({ mutationFn: downloadScoresCsv });
