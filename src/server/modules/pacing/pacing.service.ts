import type { PacingOptionsInput } from "#shared/schemas/pacing.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { PacingOptionsStore } from "./pacing-options.ts";

export function createPacingService(deps: {
  options: PacingOptionsStore;
  projects: ProjectAccess;
  now: () => Date;
}) {
  const { options, projects, now } = deps;

  async function ownProject(id: number, caller: Caller) {
    const project = await projects.findReadable(id, viewerOf(caller));
    if (!project) throw createProjectNotFoundError();
    return project;
  }

  return {
    async options(projectId: number, caller: Caller) {
      await ownProject(projectId, caller);
      return options.get(projectId);
    },

    async setOptions(projectId: number, change: PacingOptionsInput, caller: Caller) {
      await ownProject(projectId, caller);
      return options.set(projectId, change, now());
    },
  };
}

export type PacingService = ReturnType<typeof createPacingService>;
