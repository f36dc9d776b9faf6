import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";

/**
 * GET /api/submission-files/:id through the API client (its bearer token, not a cookie, so it works
 * inside an LMS's iframe whose browser blocks third-party cookies), handed over as a download.
 */
export async function downloadSubmissionFile(file: { id: number; originalName: string }): Promise<void> {
  const { response } = await api.GET("/api/submission-files/{id}", {
    params: { path: { id: file.id } },
    parseAs: "stream",
  });
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), file.originalName),
  );
}

export const useDownloadSubmissionFile = () => useMutation({ mutationFn: downloadSubmissionFile });
