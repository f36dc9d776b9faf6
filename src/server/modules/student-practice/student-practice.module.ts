import type { AppModule } from "../../context.ts";
import { studentPracticeRoutes } from "./student-practice.routes.ts";
import { createStudentPracticeService } from "./student-practice.service.ts";

export const studentPracticeModule: AppModule = ({ db, now, scheduling }) =>
  studentPracticeRoutes(createStudentPracticeService({ db, now, scheduling }));
