import type { AppModule } from "../../context.ts";
import { createMailRepository } from "../../platform/mail/mail.repository.ts";
import { mailRoutes } from "./mail.routes.ts";
import { createMailService } from "./mail.service.ts";

export const mailModule: AppModule = ({ db, config }) =>
  mailRoutes(createMailService({ mail: createMailRepository(db), server: config.mail }));
