import type { AppModule } from "../../context.ts";
import { adminUsersRoutes } from "./admin-users.routes.ts";
import { createAdminUsersService } from "./admin-users.service.ts";

/** The administrators' daily message about pending registrations. */
export const PENDING_DIGEST_QUEUE = "registrations.digest";
const DAY_SECONDS = 24 * 60 * 60;

export const adminUsersModule: AppModule = ({ accounts, sessions, mail, resetLinks, config, jobs }) => {
  const service = createAdminUsersService({ faculty: accounts, sessions, mail, resetLinks, config });
  jobs.every(PENDING_DIGEST_QUEUE, DAY_SECONDS, () => service.sendPendingDigest());
  return adminUsersRoutes(service);
};
