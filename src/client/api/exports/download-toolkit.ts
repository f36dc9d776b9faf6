import { api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import { type ToolkitFormat, toolkitFileName } from "#shared/constants.ts";

/** GET /api/export/toolkit (spec B §7): the file under the name Content-Disposition gives. */
export async function downloadToolkit(format: ToolkitFormat): Promise<string> {
  const { response } = await api.GET("/api/export/toolkit", {
    params: { query: { format } },
    parseAs: "stream",
  });
  const fileName = attachmentFileName(response.headers.get("Content-Disposition"), toolkitFileName(format));
  downloadBlob(await response.blob(), fileName);
  return fileName;
}
