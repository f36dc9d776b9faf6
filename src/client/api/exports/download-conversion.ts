import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import { conversionFileName } from "#shared/domain/conversions.ts";
import type { ConversionExportRequest } from "#shared/schemas/exports.ts";

/** POST /api/exports/conversion, then hands the file to the browser under the server's name. */
export async function downloadConversion(request: ConversionExportRequest): Promise<void> {
  const { response } = await api.POST("/api/exports/conversion", { body: request, parseAs: "stream" });
  const fallback = conversionFileName(request.originalObjective, new Date(), request.format ?? "txt");
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), fallback),
  );
}
