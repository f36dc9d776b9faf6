import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";

/** GET /api/projects/:id/export?format=imscc: the project as an IMS Common Cartridge for an LMS. */
export async function downloadCartridge(projectId: number): Promise<void> {
  const { response } = await api.GET("/api/projects/{id}/export", {
    params: { path: { id: projectId }, query: { format: "imscc" } },
    parseAs: "stream",
  });
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), `project-${projectId}.imscc`),
  );
}

export const useDownloadCartridge = () => useMutation({ mutationFn: downloadCartridge });
