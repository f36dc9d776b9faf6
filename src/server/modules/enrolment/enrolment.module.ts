import type { AppModule } from "../../context.ts";
import { RateLimiter } from "../../lib/rate-limiter.ts";
import { createProjectsRepository } from "../projects/projects.repository.ts";
import { createEnrolmentRepository } from "./enrolment.repository.ts";
import { enrolmentRoutes } from "./enrolment.routes.ts";
import { createEnrolmentService } from "./enrolment.service.ts";

/** Joining is rate limited like contributions: CONTRIBUTION_RATE_LIMIT_PER_MINUTE per address. */
export const enrolmentModule: AppModule = ({ db, config, nowMs }) =>
  enrolmentRoutes(
    createEnrolmentService({
      enrolments: createEnrolmentRepository(db),
      projects: createProjectsRepository(db),
    }),
    new RateLimiter(config.rateLimit.contributionsPerMinute, 60_000, nowMs),
  );
