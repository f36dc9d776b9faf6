import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { uploadResultSchema } from "#shared/schemas/documents.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { UploadsService } from "./uploads.service.ts";

/**
 * PUT /uploads/:uploadId?expires=&signature= (spec B §7: "then PUT of the file to that address").
 * Outside /api because the stored fileUrl is `/objects/` + this path. The caller's session comes as
 * the bearer header (the cookie alone never authorises a PUT). The body is never parsed or
 * buffered: the route reads the request stream itself.
 */
export const uploadsRoutes =
  (service: UploadsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    app.put(
      "/uploads/:uploadId",
      {
        // Students too: they send a submission's files; the signed address is bound to its caller.
        config: { access: access.signedIn({ students: true }) },
        schema: {
          params: z.object({ uploadId: z.string().max(64) }),
          querystring: z.object({
            expires: z.string().max(20).optional(),
            signature: z.string().max(100).optional(),
          }),
          response: { 200: uploadResultSchema },
        },
      },
      async (request) =>
        service.receive(requireCaller(request), request.params.uploadId, request.query, request.raw),
    );
  };
