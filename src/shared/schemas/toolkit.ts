import { z } from "zod";

/** spec B §7 Toolkit export formats, plus a real PDF and a real Word document (issue 18). */
export const TOOLKIT_FORMATS = ["json", "text", "word", "html", "pdf", "docx"] as const;
export type ToolkitFormat = (typeof TOOLKIT_FORMATS)[number];

export const toolkitQuerySchema = z.object({
  format: z.enum(TOOLKIT_FORMATS, { error: `Format must be one of: ${TOOLKIT_FORMATS.join(", ")}` }),
});

/** The file each format answers: its extension and media type (the name is pbl-toolkit-guide.{ext}). */
export const TOOLKIT_FILES: Record<ToolkitFormat, { extension: string; contentType: string; label: string }> =
  {
    json: { extension: "json", contentType: "application/json; charset=utf-8", label: "JSON (.json)" },
    text: { extension: "txt", contentType: "text/plain; charset=utf-8", label: "Text (.txt)" },
    word: {
      extension: "html",
      contentType: "text/html; charset=utf-8",
      label: "Word-compatible HTML (.html)",
    },
    html: { extension: "html", contentType: "text/html; charset=utf-8", label: "Printable HTML (.html)" },
    pdf: { extension: "pdf", contentType: "application/pdf", label: "PDF (.pdf)" },
    docx: {
      extension: "docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      label: "Word document (.docx)",
    },
  };

export const toolkitFileName = (format: ToolkitFormat) =>
  `pbl-toolkit-guide.${TOOLKIT_FILES[format].extension}`;
