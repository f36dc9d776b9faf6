import type { AppModule } from "../../context.ts";
import { createFacultyRepository } from "../faculty/faculty.repository.ts";
import { adminUsersRoutes } from "./admin-users.routes.ts";
import { createAdminUsersService } from "./admin-users.service.ts";

export const adminUsersModule: AppModule = ({ db, sessions }) =>
  adminUsersRoutes(createAdminUsersService({ faculty: createFacultyRepository(db), sessions }));
