import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { uploadUrlRequestSchema, uploadUrlResponseSchema } from "#shared/schemas/documents.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { fileResponse } from "#shared/schemas/responses.ts";
import { projectScoresSchema } from "#shared/schemas/scores.ts";
import {
  assessmentInputSchema,
  assessmentSchema,
  feedbackReleaseSchema,
  milestoneIdParamsSchema,
  milestoneSubmissionsSchema,
  studentMilestoneSchema,
  submissionDetailSchema,
  submissionFileIdParamsSchema,
  submissionIdParamsSchema,
  submissionInputSchema,
  submissionSearchQuerySchema,
  submissionVersionSchema,
} from "#shared/schemas/submissions.ts";
import type { AppContext } from "../../context.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import { sendStoredFile } from "../uploads/stored-file.ts";
import { createProjectScores } from "./assessments.scores.ts";
import { createAssessmentsService } from "./assessments.service.ts";
import { createMilestoneAccess } from "./submissions.access.ts";
import { createSubmissionsArchive } from "./submissions.archive.ts";
import { createSubmissionsRepository } from "./submissions.repository.ts";
import { createSubmissionsService } from "./submissions.service.ts";
import { createSubmissionText } from "./submissions.text.ts";

/**
 * Submissions against milestones, their assessment with the rubric, feedback and revisions. A
 * student reaches the milestones of projects they are enrolled in and only their own work; the
 * project's owner reaches everyone's. Anything else answers 404.
 */
export const submissionsPart = (context: AppContext): FastifyPluginAsyncZod => {
  const submissions = createSubmissionsRepository(context.db);
  const milestoneAccess = createMilestoneAccess({
    submissions,
    projects: context.projects,
    enrolments: context.enrolments,
  });
  const roster = context.lmsEnrolments.roster;
  const { teamMembership } = context;
  const deps = {
    submissions,
    access: milestoneAccess,
    uploads: context.uploads,
    roster,
    teamMembership,
    now: context.now,
  };
  const text = createSubmissionText({ submissions, uploads: context.uploads, jobs: context.jobs });
  const service = createSubmissionsService({ ...deps, readText: text.queue, launchGate: context.launchGate });
  const assessments = createAssessmentsService(deps);
  const scores = createProjectScores({
    submissions,
    projects: context.projects,
    roster,
    teamMembership,
    peerAdjustments: context.peerAdjustments,
  });
  const archive = createSubmissionsArchive(deps);

  return async (app) => {
    const owner = { config: { access: access.owner() } };
    const student = { config: { access: access.student() } };

    // A signed address for one file of a hand-in (the documents' flow), while the milestone takes the student's work.
    app.post(
      "/api/milestones/:id/submissions/upload-url",
      {
        ...student,
        schema: {
          params: milestoneIdParamsSchema,
          body: uploadUrlRequestSchema,
          response: { 200: uploadUrlResponseSchema },
        },
      },
      async (request) =>
        service.uploadAddress(requireCaller(request), request.params.id, request.body.fileName),
    );

    app.post(
      "/api/milestones/:id/submissions",
      {
        ...student,
        schema: {
          params: milestoneIdParamsSchema,
          body: submissionInputSchema,
          response: { 201: submissionVersionSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.handIn(requireCaller(request), request.params.id, request.body)),
    );

    app.get(
      "/api/student/milestones/:id",
      { ...student, schema: { params: milestoneIdParamsSchema, response: { 200: studentMilestoneSchema } } },
      async (request) => service.studentMilestone(requireCaller(request), request.params.id),
    );

    app.get(
      "/api/milestones/:id/submissions",
      {
        ...owner,
        schema: {
          params: milestoneIdParamsSchema,
          querystring: submissionSearchQuerySchema,
          response: { 200: milestoneSubmissionsSchema },
        },
      },
      async (request) => service.list(requireCaller(request), request.params.id, request.query.q),
    );

    app.get(
      "/api/milestones/:id/submissions/archive",
      {
        ...owner,
        schema: {
          params: milestoneIdParamsSchema,
          response: {
            200: fileResponse("Every version handed in, one folder per student (or team)", [
              "application/zip",
            ]),
          },
        },
      },
      async (request, reply) => {
        const { body, fileName } = await archive(requireCaller(request), request.params.id);
        return sendAttachment(reply, { fileName, contentType: "application/zip", body });
      },
    );

    app.get(
      "/api/submissions/:id",
      { ...owner, schema: { params: submissionIdParamsSchema, response: { 200: submissionDetailSchema } } },
      async (request) => service.detail(requireCaller(request), request.params.id),
    );

    // The owner of the project, the student who handed the file in, or a member of its team.
    app.get(
      "/api/submission-files/:id",
      {
        config: { access: access.owner({ students: true }) },
        compress: false,
        schema: {
          params: submissionFileIdParamsSchema,
          response: { 200: fileResponse("The file as handed in", ["application/octet-stream"]) },
        },
      },
      async (request, reply) => {
        const file = await service.file(requireCaller(request), request.params.id);
        return sendStoredFile(request, reply, context.uploads, file, async () => undefined);
      },
    );

    app.put(
      "/api/submissions/:id/assessment",
      {
        ...owner,
        schema: {
          params: submissionIdParamsSchema,
          body: assessmentInputSchema,
          response: { 200: assessmentSchema },
        },
      },
      async (request) => assessments.assess(requireCaller(request), request.params.id, request.body),
    );

    app.post(
      "/api/milestones/:id/feedback-release",
      { ...owner, schema: { params: milestoneIdParamsSchema, response: { 200: feedbackReleaseSchema } } },
      async (request) => assessments.release(requireCaller(request), request.params.id),
    );

    app.get(
      "/api/projects/:id/scores",
      { ...owner, schema: { params: projectIdParamsSchema, response: { 200: projectScoresSchema } } },
      async (request) => scores.scores(requireCaller(request), request.params.id),
    );

    app.get(
      "/api/projects/:id/scores.csv",
      {
        ...owner,
        schema: {
          params: projectIdParamsSchema,
          response: { 200: fileResponse("One row per student, one column per milestone", ["text/csv"]) },
        },
      },
      async (request, reply) => {
        const { csv, title } = await scores.scoresCsv(requireCaller(request), request.params.id);
        return sendAttachment(reply, {
          fileName: `${title} scores.csv`,
          contentType: "text/csv; charset=utf-8",
          body: Buffer.from(csv, "utf8"),
        });
      },
    );
  };
};
