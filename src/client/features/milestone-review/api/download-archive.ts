import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";

/** GET /api/milestones/:id/submissions/archive: every version's work as one zip, downloaded. */
export async function downloadArchive(milestoneId: number): Promise<void> {
  const { response } = await api.GET("/api/milestones/{id}/submissions/archive", {
    params: { path: { id: milestoneId } },
    parseAs: "stream",
  });
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), `milestone-${milestoneId}.zip`),
  );
}

export const useDownloadArchive = () => useMutation({ mutationFn: downloadArchive });
