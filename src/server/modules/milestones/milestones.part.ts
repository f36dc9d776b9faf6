import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createCalendarRepository } from "./calendar.repository.ts";
import { createCalendarService } from "./calendar.service.ts";
import { createMilestonesRepository } from "./milestones.repository.ts";
import { milestonesRoutes } from "./milestones.routes.ts";
import { createMilestonesService } from "./milestones.service.ts";

/** Milestones: a project's timeline, suggestions from its methodology, calendar feeds. */
export const milestonesPart = (context: AppContext): FastifyPluginAsyncZod => {
  const { db, projects, enrolments, accounts, teamMembership, box, config, now } = context;
  const milestones = createMilestonesRepository(db);
  return milestonesRoutes(
    createMilestonesService({ milestones, projects, enrolments, accounts, teamMembership, now }),
    createCalendarService({
      feeds: createCalendarRepository(db),
      milestones,
      projects,
      enrolments,
      accounts,
      box,
      config,
    }),
  );
};
