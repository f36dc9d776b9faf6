import type { AppModule } from "../../context.ts";
import { RateLimiter } from "../../lib/rate-limiter.ts";
import { createFacultyRepository } from "../faculty/faculty.repository.ts";
import { authRoutes } from "./auth.routes.ts";
import { createAuthService } from "./auth.service.ts";

/** Sign-in, registration, sessions, password and e-mail changes. */
export const authModule: AppModule = ({ db, config, nowMs, sessions, dashboard }) => {
  const { rateLimit } = config;
  return authRoutes(
    createAuthService({ faculty: createFacultyRepository(db), sessions, dashboard }),
    {
      perAddress: new RateLimiter(rateLimit.perAddressPerMinute, 60_000, nowMs),
      failedPerAccountAndAddress: new RateLimiter(
        rateLimit.failedSignInsPerAccount,
        rateLimit.accountWindowMs,
        nowMs,
      ),
      failedPerAddress: new RateLimiter(rateLimit.failedSignInsPerAddress, rateLimit.accountWindowMs, nowMs),
    },
    config.session,
  );
};
