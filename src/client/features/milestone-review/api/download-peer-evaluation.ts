import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";

/** GET /api/milestones/:id/peer-evaluation.csv: one row per student, downloaded (bearer token, no cookie). */
export async function downloadPeerEvaluation(milestoneId: number): Promise<void> {
  const { response } = await api.GET("/api/milestones/{id}/peer-evaluation.csv", {
    params: { path: { id: milestoneId } },
    parseAs: "stream",
  });
  downloadBlob(
    await response.blob(),
    attachmentFileName(
      response.headers.get("Content-Disposition"),
      `milestone-${milestoneId} peer evaluation.csv`,
    ),
  );
}

export const useDownloadPeerEvaluation = () => useMutation({ mutationFn: downloadPeerEvaluation });
