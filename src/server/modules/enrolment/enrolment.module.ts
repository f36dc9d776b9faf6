import type { AppModule } from "../../context.ts";
import { createEnrolmentReadModel } from "../../read-models/enrolment.read-model.ts";
import { createEnrolmentRepository } from "./enrolment.repository.ts";
import { enrolmentRoutes } from "./enrolment.routes.ts";
import { createEnrolmentService } from "./enrolment.service.ts";

/** Joining is rate limited like contributions: CONTRIBUTION_RATE_LIMIT_PER_MINUTE per address. */
export const enrolmentModule: AppModule = ({ db, config, limits, projects }) =>
  enrolmentRoutes(
    createEnrolmentService({
      enrolments: createEnrolmentRepository(db),
      reads: createEnrolmentReadModel(db),
      projects,
    }),
    limits.limiter("join-codes", { limit: config.rateLimit.contributionsPerMinute, windowMs: 60_000 }),
  );
