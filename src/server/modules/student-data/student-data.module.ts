import type { AppModule } from "../../context.ts";
import { createCognitiveLoadRepository } from "../cognitive-load/cognitive-load.repository.ts";
import { createCognitiveLoadService } from "../cognitive-load/cognitive-load.service.ts";
import { createContributionsRepository } from "../contributions/contributions.repository.ts";
import { createContributionsService } from "../contributions/contributions.service.ts";
import { createEnrolmentRepository } from "../enrolment/enrolment.repository.ts";
import { createFacultyRepository } from "../faculty/faculty.repository.ts";
import { createProjectsRepository } from "../projects/projects.repository.ts";
import { createStudentDataRepository } from "./student-data.repository.ts";
import { studentDataRoutes } from "./student-data.routes.ts";
import { createStudentDataService } from "./student-data.service.ts";

/**
 * A student's contributions and check-ins signed in, and their data,
 * through the contributions and cognitive-load services' own inserts (one insert path each).
 */
export const studentDataModule: AppModule = ({ db, config, now, limits, events, sessions, dashboard }) => {
  const projects = createProjectsRepository(db);
  const { rateLimit } = config;
  return studentDataRoutes(
    createStudentDataService({
      data: createStudentDataRepository(db),
      enrolments: createEnrolmentRepository(db),
      contributions: createContributionsService({
        contributions: createContributionsRepository(db),
        projects,
        db,
        events,
      }),
      checkIns: createCognitiveLoadService({ checkIns: createCognitiveLoadRepository(db), projects, now }),
      faculty: createFacultyRepository(db),
      sessions,
      dashboard,
      now,
    }),
    {
      contributions: limits.limiter("student-contributions", {
        limit: rateLimit.contributionsPerMinute,
        windowMs: 60_000,
      }),
      checkIns: limits.limiter("student-check-ins", {
        limit: rateLimit.contributionsPerMinute,
        windowMs: 60_000,
      }),
      failedPasswords: limits.limiter("student-account-deletion-passwords", {
        limit: rateLimit.failedSignInsPerAccount,
        windowMs: rateLimit.accountWindowMs,
      }),
    },
  );
};
