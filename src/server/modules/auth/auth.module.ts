import type { AppModule } from "../../context.ts";
import { createAfterAnswer } from "./after-answer.ts";
import { authRoutes } from "./auth.routes.ts";
import { createAuthService } from "./auth.service.ts";
import { passwordResetRoutes } from "./password-reset.routes.ts";
import { createPasswordResetService } from "./password-reset.service.ts";

/** Sign-in, registration, sessions, password and e-mail changes, password reset. */
export const authModule: AppModule = (context) => {
  const { accounts, config, limits, sessions, dashboard, signInRules, mail, resetLinks, log } = context;
  const { rateLimit } = config;
  const afterAnswer = createAfterAnswer(log);
  const auth = authRoutes(
    createAuthService({ faculty: accounts, sessions, dashboard, signInRules, mail, afterAnswer }),
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
  const resets = passwordResetRoutes(
    createPasswordResetService({ accounts, links: resetLinks, sessions, mail, afterAnswer }),
    {
      perAddress: limits.limiter("password-reset-address", {
        limit: rateLimit.perAddressPerMinute,
        windowMs: 60_000,
      }),
      perAccount: limits.limiter("password-reset-account", {
        limit: rateLimit.passwordResetsPerAccount,
        windowMs: rateLimit.accountWindowMs,
      }),
    },
  );
  return async (app) => {
    // Messages still being written when the app closes are finished before the database closes.
    app.addHook("onClose", () => afterAnswer.settled());
    await app.register(auth);
    await app.register(resets);
  };
};
