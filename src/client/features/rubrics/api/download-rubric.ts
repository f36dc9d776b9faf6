import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type { RubricExportFormat } from "#shared/schemas/rubrics.ts";

/** GET /api/rubrics/:id/export, then hands the file to the browser as a download. */
export async function downloadRubric({ id, format }: { id: number; format: RubricExportFormat }) {
  const { response } = await api.GET("/api/rubrics/{id}/export", {
    params: { path: { id }, query: { format } },
    parseAs: "stream",
  });
  const fileName = attachmentFileName(response.headers.get("Content-Disposition"), `rubric.${format}`);
  downloadBlob(await response.blob(), fileName);
}

export const useDownloadRubric = () => useMutation({ mutationFn: downloadRubric });
