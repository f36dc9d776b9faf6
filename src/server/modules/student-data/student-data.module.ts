import type { AppModule } from "../../context.ts";
import { createStudentDataReadModel } from "../../read-models/student-data.read-model.ts";
import { studentDataRoutes } from "./student-data.routes.ts";
import { createStudentDataService } from "./student-data.service.ts";

/**
 * A student's contributions and check-ins signed in, and their data,
 * through the contributions and cognitive-load services' own inserts (one insert path each).
 */
export const studentDataModule: AppModule = ({
  db,
  config,
  now,
  limits,
  accounts,
  enrolments,
  contributions,
  checkIns,
  sessions,
  dashboard,
}) => {
  const { rateLimit } = config;
  return studentDataRoutes(
    createStudentDataService({
      data: createStudentDataReadModel(db),
      enrolments,
      contributions,
      checkIns,
      faculty: accounts,
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
