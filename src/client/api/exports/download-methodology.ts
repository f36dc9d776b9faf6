import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import { methodologyFileName } from "#shared/domain/wizard.ts";
import type { MethodologyExportRequest, MethodologyFormat } from "#shared/schemas/exports.ts";

/** How each format is offered (the project screen's Download Methodology menu). */
export const METHODOLOGY_FORMAT_LABELS: Record<MethodologyFormat, string> = {
  txt: "Text (.txt)",
  docx: "Word (.docx)",
  pdf: "PDF (.pdf)",
};

/** POST /api/exports/methodology, then hands the file to the browser under the server's name. */
export async function downloadMethodology(request: MethodologyExportRequest): Promise<void> {
  const { response } = await api.POST("/api/exports/methodology", { body: request, parseAs: "stream" });
  const fallback = methodologyFileName(request.title, new Date(), request.format ?? "txt");
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), fallback),
  );
}

export const useDownloadMethodology = () => useMutation({ mutationFn: downloadMethodology });
