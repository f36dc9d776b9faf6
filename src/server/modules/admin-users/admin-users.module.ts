import type { AppModule } from "../../context.ts";
import { adminUsersRoutes } from "./admin-users.routes.ts";
import { createAdminUsersService } from "./admin-users.service.ts";

export const adminUsersModule: AppModule = ({ accounts, sessions, resetLinks }) =>
  adminUsersRoutes(createAdminUsersService({ faculty: accounts, sessions, resetLinks }));
