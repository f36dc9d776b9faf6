import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileResponse } from "#shared/schemas/responses.ts";
import { TOOLKIT_FILES, toolkitQuerySchema } from "#shared/schemas/toolkit.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import type { ToolkitService } from "./toolkit.service.ts";

const toolkitFile = fileResponse(
  "The toolkit guide, named pbl-toolkit-guide.{ext} (the HTML formats pbl-toolkit-guide-word.html and -print.html) by Content-Disposition",
  [...new Set(Object.values(TOOLKIT_FILES).map((file) => file.contentType))],
);

export const toolkitRoutes =
  (service: ToolkitService): FastifyPluginAsyncZod =>
  async (app) => {
    /** The top bar's Export Toolkit (spec B §2, §7): the guide with the caller's own material. */
    app.get(
      "/api/export/toolkit",
      {
        config: { access: access.signedIn() },
        schema: { querystring: toolkitQuerySchema, response: { 200: toolkitFile } },
      },
      async (request, reply) =>
        sendAttachment(reply, await service.guide(requireCaller(request), request.query.format)),
    );
  };
