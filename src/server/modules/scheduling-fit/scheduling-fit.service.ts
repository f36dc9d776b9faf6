import { FSRS_WEIGHTS } from "#shared/domain/mastery.ts";
import { FIT_MIN_REVIEWS, FIT_MIN_STUDENTS } from "#shared/schemas/pacing.ts";
import { FIT_MIN_LOG_LOSS_GAIN, type SchedulingFit } from "#shared/schemas/scheduling-fit.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { createErrorFactory } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { JobQueue } from "../../platform/jobs/jobs.ts";
import {
  createSchedulingFitReadModel,
  type SchedulingFitReadModel,
} from "../../read-models/scheduling-fit.read-model.ts";
import type { PacingOptionsStore } from "../pacing/pacing-options.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import { fitInput } from "./fit-data.ts";
import type { FitFiguresReply, FitReply, FitRequest } from "./fit-protocol.ts";
import { FIT_LIMITS, type FitLimits, runFit } from "./fit-runner.ts";
import {
  CLASS_FIT,
  createSchedulingFitRepository,
  type SchedulingFitRepository,
} from "./scheduling-fit.repository.ts";

/** The queue that fits one project (the owner's "Fit now", and each project of the weekly run). */
export const SCHEDULING_FIT_QUEUE = "scheduling.fit";
/** The weekly run over the projects with enough reviews. */
export const SCHEDULING_FIT_WEEKLY_QUEUE = "scheduling.fit-weekly";
export const WEEK_SECONDS = 7 * 24 * 60 * 60;

export const createNotEnoughDataError = createErrorFactory(
  "NOT_ENOUGH_REVIEWS",
  "There are not enough reviews to fit this course's scheduling yet.",
  409,
);

const count = (value: number) => value.toLocaleString("en-US");
const figure = (value: number) => value.toFixed(3);

/** The sentence for data short of a fit's thresholds. */
export function notEnoughData(data: { reviews: number; students: number }): string {
  return `Not enough data yet: ${count(data.reviews)} reviews from ${count(data.students)} students; a fit needs at least ${count(FIT_MIN_REVIEWS)} reviews from ${count(FIT_MIN_STUDENTS)} students.`;
}

/** Whether the fitted parameters predict the held-out reviews better than the defaults. */
export const isBetter = (defaults: FitFiguresReply, fitted: FitFiguresReply) =>
  fitted.logLoss <= defaults.logLoss - FIT_MIN_LOG_LOSS_GAIN && fitted.rmse <= defaults.rmse;

/**
 * Scheduling fitted to each course (docs/decisions/0062-fitted-scheduling.md): a project's FSRS
 * parameters fitted to its students' review log in a child process (fit-runner.ts), kept only when
 * they predict held-out students' reviews better than the defaults. Every attempt is recorded with
 * its outcome and a sentence; one that fails, times out or lacks data changes nothing in use. A
 * saved fit reaches the review path through the practice catalogue (its version is raised by a
 * trigger), as does the owner's `fittedScheduling` switch (pacing).
 */
export function createSchedulingFitService(deps: {
  db: Database;
  jobs: JobQueue;
  projects: ProjectAccess;
  pacingOptions: PacingOptionsStore;
  now: () => Date;
  limits?: FitLimits;
  repository?: SchedulingFitRepository;
  readModel?: SchedulingFitReadModel;
}) {
  const { jobs, projects, pacingOptions, now } = deps;
  const repository = deps.repository ?? createSchedulingFitRepository(deps.db);
  const readModel = deps.readModel ?? createSchedulingFitReadModel(deps.db);
  const limits = deps.limits ?? FIT_LIMITS;

  async function ownProject(id: number, caller: Caller) {
    const project = await projects.findReadable(id, viewerOf(caller));
    if (!project) throw createProjectNotFoundError();
    return project;
  }

  const enough = (data: { reviews: number; students: number }) =>
    data.reviews >= FIT_MIN_REVIEWS && data.students >= FIT_MIN_STUDENTS;

  /** Fits a project now (the job's work): records the attempt; saves parameters only when better. */
  async function fitProject(projectId: number) {
    const attemptedAt = now();
    const input = fitInput(await readModel.reviewLog(projectId), projectId);
    if (!enough(input)) {
      await repository.record(projectId, CLASS_FIT, {
        outcome: "not-enough-data",
        reason: notEnoughData(input),
        attemptedAt,
      });
      return { outcome: "not-enough-data" as const };
    }
    const request: FitRequest = {
      defaults: [...FSRS_WEIGHTS],
      tasks: [input.classTask, ...input.studentTasks],
    };
    let reply: FitReply;
    try {
      reply = await runFit(request, limits);
    } catch (error) {
      reply = { ok: false, reason: (error as Error).message };
    }
    const classResult = reply.ok ? reply.results.find((result) => result.key === CLASS_FIT) : undefined;
    if (!reply.ok || !classResult?.ok) {
      const why = !reply.ok
        ? reply.reason
        : classResult && !classResult.ok
          ? classResult.reason
          : "no answer";
      await repository.record(projectId, CLASS_FIT, {
        outcome: "failed",
        reason: `The fit failed (${why}); the parameters in use did not change.`,
        attemptedAt,
      });
      return { outcome: "failed" as const };
    }
    const { defaults, fitted } = classResult;
    const better = isBetter(defaults, fitted);
    const figures = {
      reviews: input.reviews,
      students: input.students,
      heldOutReviews: classResult.testItems,
      defaultLogLoss: defaults.logLoss,
      defaultRmse: defaults.rmse,
      fittedLogLoss: fitted.logLoss,
      fittedRmse: fitted.rmse,
      attemptedAt,
    };
    const held = `${count(classResult.testItems)} held-out reviews of ${count(input.heldOutStudents)} students`;
    await repository.record(
      projectId,
      CLASS_FIT,
      better
        ? {
            ...figures,
            parameters: classResult.parameters,
            fittedAt: attemptedAt,
            outcome: "fitted",
            reason: `The fitted parameters predict ${held} better than the defaults (log loss ${figure(defaults.logLoss)} to ${figure(fitted.logLoss)}, RMSE ${figure(defaults.rmse)} to ${figure(fitted.rmse)}), so they are used.`,
          }
        : {
            ...figures,
            parameters: null,
            fittedAt: null,
            outcome: "kept-defaults",
            reason: `The fitted parameters do not predict ${held} better than the defaults (log loss ${figure(fitted.logLoss)} against ${figure(defaults.logLoss)}, RMSE ${figure(fitted.rmse)} against ${figure(defaults.rmse)}), so the defaults stay.`,
          },
    );
    // Students' own parameters: used only when better on their own held-out reviews.
    const kept: number[] = [];
    for (const result of reply.results) {
      if (result.key === CLASS_FIT) continue;
      kept.push(result.key);
      if (!result.ok) {
        await repository.record(projectId, result.key, {
          outcome: "failed",
          reason: `The student's fit failed (${result.reason}).`,
          attemptedAt,
        });
        continue;
      }
      const own = isBetter(result.defaults, result.fitted);
      await repository.record(projectId, result.key, {
        reviews: result.trainItems + result.testItems,
        students: 1,
        heldOutReviews: result.testItems,
        defaultLogLoss: result.defaults.logLoss,
        defaultRmse: result.defaults.rmse,
        fittedLogLoss: result.fitted.logLoss,
        fittedRmse: result.fitted.rmse,
        parameters: own ? result.parameters : null,
        fittedAt: own ? attemptedAt : null,
        outcome: own ? "fitted" : "kept-defaults",
        reason: own ? "Fitted to the student's own reviews." : "The student's own fit was not better.",
        attemptedAt,
      });
    }
    await repository.dropStudentsBut(projectId, kept);
    return {
      outcome: better ? ("fitted" as const) : ("kept-defaults" as const),
      peakRssMb: reply.peakRssMb,
      ms: reply.ms,
    };
  }

  async function jobOf(jobId: string | null): Promise<SchedulingFit["job"]> {
    if (!jobId) return null;
    const job = await jobs.getJob(SCHEDULING_FIT_QUEUE, jobId);
    if (!job) return null;
    if (job.state === "created" || job.state === "retry") return "queued";
    return job.state === "active" ? "running" : null;
  }

  async function status(projectId: number): Promise<SchedulingFit> {
    const [row, options, data, own] = await Promise.all([
      repository.classFit(projectId),
      pacingOptions.get(projectId),
      readModel.dataCounts(projectId),
      repository.studentsWithOwnParameters(projectId),
    ]);
    const hasFigures = row?.defaultLogLoss != null && row.fittedLogLoss != null;
    return {
      inUse: !options.fittedScheduling ? "switched-off" : row?.parameters ? "fitted" : "defaults",
      fittedScheduling: options.fittedScheduling,
      fittedAt: row?.fittedAt?.toISOString() ?? null,
      reviews: row?.reviews ?? 0,
      students: row?.students ?? 0,
      heldOutReviews: row?.heldOutReviews ?? 0,
      defaults: hasFigures ? { logLoss: row.defaultLogLoss ?? 0, rmse: row.defaultRmse ?? 0 } : null,
      fitted: hasFigures ? { logLoss: row.fittedLogLoss ?? 0, rmse: row.fittedRmse ?? 0 } : null,
      outcome: row?.outcome ?? null,
      reason: row?.reason ?? null,
      attemptedAt: row?.attemptedAt?.toISOString() ?? null,
      job: await jobOf(row?.jobId ?? null),
      studentsWithOwnParameters: own,
      data: {
        ...data,
        neededReviews: FIT_MIN_REVIEWS,
        neededStudents: FIT_MIN_STUDENTS,
        enough: enough(data),
      },
    };
  }

  return {
    fitProject,

    /** Queues a fit of each project with enough reviews (the weekly run). */
    async fitEveryProject() {
      let queued = 0;
      for (const projectId of await readModel.projectsWithReviews(FIT_MIN_REVIEWS)) {
        if (!enough(await readModel.dataCounts(projectId))) continue;
        await jobs.send(SCHEDULING_FIT_QUEUE, { projectId });
        queued += 1;
      }
      return { queued };
    },

    /** The project's fit as its owner sees it. */
    async forOwner(projectId: number, caller: Caller) {
      await ownProject(projectId, caller);
      return status(projectId);
    },

    /** The owner's "Fit now": queued (409 with the numbers when there is not enough data). */
    async request(projectId: number, caller: Caller) {
      await ownProject(projectId, caller);
      const data = await readModel.dataCounts(projectId);
      if (!enough(data)) throw createNotEnoughDataError(notEnoughData(data));
      const current = await repository.classFit(projectId);
      if (!(await jobOf(current?.jobId ?? null))) {
        await repository.setJob(projectId, await jobs.send(SCHEDULING_FIT_QUEUE, { projectId }));
      }
      return status(projectId);
    },
  };
}
export type SchedulingFitService = ReturnType<typeof createSchedulingFitService>;

/**
 * The FSRS parameters a project's class is scheduled with (a narrow service, the context's
 * `schedulingParameters`): its fitted ones while in use and switched on, else the defaults. Launch
 * readiness reads recall at the launch with their forgetting curve.
 */
export function createSchedulingParameters(db: Database, pacingOptions: Pick<PacingOptionsStore, "get">) {
  const fits = createSchedulingFitRepository(db);
  return async (projectId: number): Promise<readonly number[]> => {
    const [options, fit] = await Promise.all([pacingOptions.get(projectId), fits.classFit(projectId)]);
    return options.fittedScheduling && fit?.parameters ? fit.parameters : FSRS_WEIGHTS;
  };
}
export type SchedulingParameters = ReturnType<typeof createSchedulingParameters>;
