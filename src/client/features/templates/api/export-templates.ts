import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import { downloadBlob } from "#client/lib/download.ts";
import {
  EXPORT_FILE_NAMES,
  type ExportFormat,
  type ExportTemplatesInput,
} from "#shared/schemas/templates.ts";

/** The file name of a Content-Disposition header, else the spec's name for the format. */
export function fileNameFrom(header: string | null, format: ExportFormat): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "")?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header ?? "")?.[1] ?? EXPORT_FILE_NAMES[format];
}

/** POST /api/templates/export, then hands the file to the browser as a download. */
export async function exportTemplates({ templateIds, format }: ExportTemplatesInput): Promise<number> {
  const response = await apiFetch("POST", "/api/templates/export", { body: { templateIds, format } });
  downloadBlob(await response.blob(), fileNameFrom(response.headers.get("Content-Disposition"), format));
  return templateIds.length;
}

export function useExportTemplates() {
  return useMutation({ mutationFn: exportTemplates });
}
