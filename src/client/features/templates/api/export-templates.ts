import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import { EXPORT_FILE_NAMES } from "#shared/domain/templates.ts";
import type { ExportTemplatesInput } from "#shared/schemas/templates.ts";

/** POST /api/templates/export, then hands the file to the browser as a download. */
export async function exportTemplates({ templateIds, format }: ExportTemplatesInput): Promise<number> {
  const { response } = await api.POST("/api/templates/export", {
    body: { templateIds, format },
    parseAs: "stream",
  });
  const fileName = attachmentFileName(response.headers.get("Content-Disposition"), EXPORT_FILE_NAMES[format]);
  downloadBlob(await response.blob(), fileName);
  return templateIds.length;
}

export function useExportTemplates() {
  return useMutation({ mutationFn: exportTemplates });
}
