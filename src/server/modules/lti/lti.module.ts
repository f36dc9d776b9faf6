import type { AppModule } from "../../context.ts";
import { ltiRoutes } from "./lti.routes.ts";
import { createToolKeys } from "./tool-keys.ts";

/** The LMS bridge (LTI 1.3), tool side: so far the tool's keys and their keyset. */
export const ltiModule: AppModule = ({ db, box, now }) => ltiRoutes(createToolKeys({ db, box, now }));
