import type { AppModule } from "../../context.ts";
import { schedulingFitRoutes } from "./scheduling-fit.routes.ts";
import {
  createSchedulingFitService,
  SCHEDULING_FIT_QUEUE,
  SCHEDULING_FIT_WEEKLY_QUEUE,
  WEEK_SECONDS,
} from "./scheduling-fit.service.ts";

/**
 * Scheduling fitted to each course: a project's FSRS parameters fitted to its review log by a job
 * (weekly over the projects with enough reviews, and on the owner's demand), shown to its owner.
 */
export const schedulingFitModule: AppModule = ({ db, jobs, projects, pacingOptions, now }) => {
  const service = createSchedulingFitService({ db, jobs, projects, pacingOptions, now });
  // One attempt: a failed fit is recorded with its reason and changes nothing; the next run tries again.
  jobs.work<{ projectId: number }>(
    SCHEDULING_FIT_QUEUE,
    ({ projectId }) => service.fitProject(Number(projectId)),
    { retryLimit: 0 },
  );
  jobs.every(SCHEDULING_FIT_WEEKLY_QUEUE, WEEK_SECONDS, () => service.fitEveryProject());
  return schedulingFitRoutes(service);
};
