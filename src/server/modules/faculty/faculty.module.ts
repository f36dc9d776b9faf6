import type { AppModule } from "../../context.ts";
import { createFacultyRepository } from "./faculty.repository.ts";
import { facultyRoutes } from "./faculty.routes.ts";
import { createFacultyService } from "./faculty.service.ts";

export const facultyModule: AppModule = ({ db, sessions }) =>
  facultyRoutes(createFacultyService({ faculty: createFacultyRepository(db), sessions }));
