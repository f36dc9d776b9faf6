import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CONVERSION_FORMATS,
  conversionExportSchema,
  METHODOLOGY_CONTENT_TYPES,
  methodologyExportSchema,
} from "#shared/schemas/exports.ts";
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
  };
