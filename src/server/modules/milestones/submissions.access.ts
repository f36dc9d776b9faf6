import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { StudentEnrolments } from "../enrolment/enrolment.service.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { MilestoneRow } from "./milestones.table.ts";
import { createMilestoneNotFoundError } from "./submissions.errors.ts";
import type { SubmissionsRepository } from "./submissions.repository.ts";

/**
 * Who reaches a milestone's work: its project's owner, or a student enrolled in its project. A
 * milestone that is gone, or of anyone else's project, answers 404 the same way.
 */
export function createMilestoneAccess(deps: {
  submissions: SubmissionsRepository;
  projects: ProjectAccess;
  enrolments: StudentEnrolments;
}) {
  const { submissions, projects, enrolments } = deps;
  return {
    async owned(caller: Caller, milestoneId: number): Promise<MilestoneRow> {
      const milestone = await submissions.milestone(milestoneId);
      if (!milestone || !(await projects.findReadable(milestone.projectId, viewerOf(caller)))) {
        throw createMilestoneNotFoundError();
      }
      return milestone;
    },

    async enrolled(caller: Caller, milestoneId: number): Promise<MilestoneRow> {
      const milestone = await submissions.milestone(milestoneId);
      if (!milestone || !(await enrolments.enrolledProject(milestone.projectId, caller.id))) {
        throw createMilestoneNotFoundError();
      }
      return milestone;
    },

    /** Whether the caller owns the project (for routes both sides reach). */
    async ownsProject(caller: Caller, projectId: number): Promise<boolean> {
      return !!(await projects.findReadable(projectId, viewerOf(caller)));
    },
  };
}

export type MilestoneAccess = ReturnType<typeof createMilestoneAccess>;
