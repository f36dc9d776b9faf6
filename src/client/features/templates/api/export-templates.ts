import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import { EXPORT_FILE_NAMES, type ExportFormat } from "#shared/schemas/templates.ts";

export interface ExportTemplatesInput {
  templateIds: number[];
  format: ExportFormat;
}

/** The file name of a Content-Disposition header, else the spec's name for the format. */
export function fileNameFrom(header: string | null, format: ExportFormat): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "")?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header ?? "")?.[1] ?? EXPORT_FILE_NAMES[format];
}

/** POST /api/templates/export, then hands the file to the browser as a download. */
export async function exportTemplates({ templateIds, format }: ExportTemplatesInput): Promise<number> {
  const response = await apiFetch("POST", "/api/templates/export", { body: { templateIds, format } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFrom(response.headers.get("Content-Disposition"), format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return templateIds.length;
}

export function useExportTemplates() {
  return useMutation({ mutationFn: exportTemplates });
}
