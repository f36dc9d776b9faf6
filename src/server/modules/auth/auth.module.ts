import type { AppModule } from "../../context.ts";
import { authRoutes } from "./auth.routes.ts";
import { createAuthService } from "./auth.service.ts";

/** Sign-in, registration, sessions, password and e-mail changes. */
export const authModule: AppModule = ({ accounts, config, limits, sessions, dashboard, signInRules }) => {
  const { rateLimit } = config;
  return authRoutes(
    createAuthService({ faculty: accounts, sessions, dashboard, signInRules }),
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
