import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CARTRIDGE_CONTENT_TYPE,
  CONVERSION_FORMATS,
  conversionExportSchema,
  METHODOLOGY_CONTENT_TYPES,
  methodologyExportSchema,
  projectExportQuerySchema,
} from "#shared/schemas/exports.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { fileResponse } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import type { ExportsService } from "./exports.service.ts";

const methodologyFile = fileResponse(
  "The methodology as a file, named by Content-Disposition",
  Object.values(METHODOLOGY_CONTENT_TYPES),
);

const conversionFile = fileResponse(
  "The conversion as a file, named by Content-Disposition",
  CONVERSION_FORMATS.map((format) => METHODOLOGY_CONTENT_TYPES[format]),
);

const cartridgeFile = fileResponse("The project as an IMS Common Cartridge 1.1 package ({title}.imscc)", [
  CARTRIDGE_CONTENT_TYPE,
]);

export const exportsRoutes =
  (service: ExportsService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * A methodology as a file: the wizard's Complete and the project's Download Methodology. A
     * POST with the methodology in the body: the wizard's is not saved yet, and a body of twelve
     * answers does not fit a URL (docs/decisions/0020-exports-from-one-document-model.md).
     */
    app.post(
      "/api/exports/methodology",
      {
        config: { access: access.signedIn() },
        schema: { body: methodologyExportSchema, response: { 200: methodologyFile } },
      },
      async (request, reply) =>
        sendAttachment(reply, await service.methodology(request.body, requireCaller(request))),
    );

    /**
     * A converter result as a file: the one on screen may be unsaved (a save
     * that failed, an example), so the request carries it, as the methodology's does.
     */
    app.post(
      "/api/exports/conversion",
      {
        config: { access: access.signedIn() },
        schema: { body: conversionExportSchema, response: { 200: conversionFile } },
      },
      async (request, reply) =>
        sendAttachment(reply, await service.conversion(request.body, requireCaller(request))),
    );

    /**
     * One's project as an IMS Common Cartridge 1.1 package for an LMS (Moodle, Canvas) to import:
     * its pages, its concept checks as a quiz and an LTI link back to it. The owner's only:
     * students 403, another instructor 404.
     */
    app.get(
      "/api/projects/:id/export",
      {
        config: { access: access.owner() },
        schema: {
          params: projectIdParamsSchema,
          querystring: projectExportQuerySchema,
          response: { 200: cartridgeFile },
        },
      },
      async (request, reply) =>
        sendAttachment(reply, await service.projectCartridge(request.params.id, requireCaller(request))),
    );
  };
