import { z } from "zod";
import { TOOLKIT_FORMATS } from "../constants.ts";

export { TOOLKIT_FILES, TOOLKIT_FORMATS, type ToolkitFormat, toolkitFileName } from "../constants.ts";

/** GET /api/export/toolkit */
export const toolkitQuerySchema = z.object({
  format: z.enum(TOOLKIT_FORMATS, { error: `Format must be one of: ${TOOLKIT_FORMATS.join(", ")}` }),
});
