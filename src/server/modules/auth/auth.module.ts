import type { AppModule } from "../../context.ts";
import { createFacultyRepository } from "../faculty/faculty.repository.ts";
import { authRoutes } from "./auth.routes.ts";
import { createAuthService } from "./auth.service.ts";

/** Sign-in, registration, sessions, password and e-mail changes. */
export const authModule: AppModule = ({ db, config, limits, sessions, dashboard }) => {
  const { rateLimit } = config;
  return authRoutes(
    createAuthService({ faculty: createFacultyRepository(db), sessions, dashboard }),
    {
      perAddress: limits.limiter("auth-address", { limit: rateLimit.perAddressPerMinute, windowMs: 60_000 }),
      failedPerAccountAndAddress: limits.limiter("auth-failed-account-address", {
        limit: rateLimit.failedSignInsPerAccount,
        windowMs: rateLimit.accountWindowMs,
      }),
      failedPerAddress: limits.limiter("auth-failed-address", {
        limit: rateLimit.failedSignInsPerAddress,
        windowMs: rateLimit.accountWindowMs,
      }),
    },
    config.session,
  );
};
