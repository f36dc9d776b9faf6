import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { milestoneIdParamsSchema } from "#shared/schemas/milestones.ts";
import {
  overrideParamsSchema,
  ownerPeerEvaluationSchema,
  peerCommentEditSchema,
  peerEvaluationInputSchema,
  peerRatingsInputSchema,
  scoreOverrideInputSchema,
  studentPeerEvaluationSchema,
} from "#shared/schemas/peer-evaluation.ts";
import { fileResponse } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import type { PeerEvaluationService } from "./peer-evaluation.service.ts";

/**
 * A milestone's peer evaluation: the project's owner opens, reads, edits comments, releases and
 * overrides (another instructor's milestone answers 404, students 403); an enrolled student reads
 * their form and what was released to them, and rates (students only).
 */
export const peerEvaluationRoutes =
  (service: PeerEvaluationService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const student = { config: { access: access.student() } };
    const params = milestoneIdParamsSchema;
    const view = { 200: ownerPeerEvaluationSchema };

    app.get(
      "/api/milestones/:id/peer-evaluation",
      { ...owner, schema: { params, response: view } },
      async (request) => service.view(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/milestones/:id/peer-evaluation",
      { ...owner, schema: { params, body: peerEvaluationInputSchema, response: view } },
      async (request) => service.open(request.params.id, request.body, requireCaller(request)),
    );

    app.post(
      "/api/milestones/:id/peer-evaluation/release",
      { ...owner, schema: { params, response: view } },
      async (request) => service.release(request.params.id, requireCaller(request)),
    );

    app.put(
      "/api/milestones/:id/peer-evaluation/comment",
      { ...owner, schema: { params, body: peerCommentEditSchema, response: view } },
      async (request) => service.editComment(request.params.id, request.body, requireCaller(request)),
    );

    app.put(
      "/api/milestones/:id/peer-evaluation/overrides/:studentId",
      { ...owner, schema: { params: overrideParamsSchema, body: scoreOverrideInputSchema, response: view } },
      async (request) =>
        service.override(request.params.id, request.params.studentId, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/milestones/:id/peer-evaluation/overrides/:studentId",
      { ...owner, schema: { params: overrideParamsSchema, response: view } },
      async (request) =>
        service.override(request.params.id, request.params.studentId, null, requireCaller(request)),
    );

    app.get(
      "/api/milestones/:id/peer-evaluation.csv",
      {
        ...owner,
        schema: {
          params,
          response: {
            200: fileResponse("One row per student: ratings, factor, scores and flags", ["text/csv"]),
          },
        },
      },
      async (request, reply) => {
        const { csv, title } = await service.csv(request.params.id, requireCaller(request));
        return sendAttachment(reply, {
          fileName: `${title} peer evaluation.csv`,
          contentType: "text/csv; charset=utf-8",
          body: Buffer.from(csv, "utf8"),
        });
      },
    );

    app.get(
      "/api/student/milestones/:id/peer-evaluation",
      { ...student, schema: { params, response: { 200: studentPeerEvaluationSchema } } },
      async (request) => service.forStudent(request.params.id, requireCaller(request)),
    );

    app.put(
      "/api/student/milestones/:id/peer-evaluation",
      {
        ...student,
        schema: { params, body: peerRatingsInputSchema, response: { 200: studentPeerEvaluationSchema } },
      },
      async (request) => service.rate(request.params.id, request.body, requireCaller(request)),
    );
  };
