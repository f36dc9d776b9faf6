import type { LtiGradeSend, LtiProjectLink, LtiRosterSync } from "#shared/schemas/lti.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { LmsEnrolments } from "../enrolment/enrolment.service.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { GradeSync } from "./grade-sync.ts";
import type { LtiLinksRepository } from "./lti-links.repository.ts";
import type { LtiServicesRepository } from "./lti-services.repository.ts";
import type { RosterSync } from "./roster-sync.ts";

/**
 * A project's LMS links for its owner: what each course offers, roster sync and grades, by hand or
 * daily (`syncEveryRoster`, `sendEveryGrade`). Another instructor's project answers 404.
 */
export function createLtiServicesService(deps: {
  projects: ProjectAccess;
  links: LtiLinksRepository;
  services: LtiServicesRepository;
  enrolments: LmsEnrolments;
  rosterSync: RosterSync;
  gradeSync: GradeSync;
  log: { warn: (object: object, message: string) => void };
}) {
  const { projects, links, services, enrolments, rosterSync, gradeSync, log } = deps;

  async function owned(projectId: number, caller: Caller) {
    if (!(await projects.findReadable(projectId, viewerOf(caller)))) throw createProjectNotFoundError();
  }

  /** Every linked project's `work`, one after another; a project that fails is logged and the next goes on. */
  async function eachLinked(service: "roster" | "grades", work: (projectId: number) => Promise<unknown>) {
    let failed = 0;
    const projectIds = await services.linkedProjectIds(service);
    for (const projectId of projectIds) {
      try {
        await work(projectId);
      } catch (error) {
        failed += 1;
        log.warn({ err: error, projectId }, `LMS ${service} of a project failed`);
      }
    }
    return { projects: projectIds.length, failed };
  }

  return {
    async links(projectId: number, caller: Caller): Promise<LtiProjectLink[]> {
      await owned(projectId, caller);
      const rows = await links.ofProject(projectId);
      const [sends, roster] = await Promise.all([
        services.scoreSends(rows.map(({ link }) => link.id)),
        enrolments.roster(projectId),
      ]);
      const names = new Map(roster.map((student) => [student.studentId, student.name]));
      return rows.map(({ link, platform }) => {
        const own = sends.filter((send) => send.linkId === link.id);
        const lastSent = own
          .filter((send) => send.status === "sent")
          .reduce<Date | null>(
            (latest, send) => (latest && latest > send.attemptedAt ? latest : send.attemptedAt),
            null,
          );
        const rosterSyncedAt = link.rosterSyncedAt;
        return {
          id: link.id,
          issuer: platform.issuer,
          institution: platform.institution,
          courseTitle: link.contextTitle,
          rosterAvailable: link.membershipsUrl !== null,
          gradesAvailable: link.lineItemUrl !== null,
          rosterSyncedAt: rosterSyncedAt?.toISOString() ?? null,
          gradesSentAt: lastSent?.toISOString() ?? null,
          // Failed scores of students still enrolled (a student who left has no score to send).
          failedScores: own
            .filter((send) => send.status === "failed" && names.has(send.studentId))
            .map((send) => ({
              name: names.get(send.studentId) ?? "",
              detail: send.detail ?? "",
              attemptedAt: send.attemptedAt.toISOString(),
            }))
            .sort((left, right) => left.name.localeCompare(right.name)),
        };
      });
    },

    async syncRoster(projectId: number, caller: Caller): Promise<LtiRosterSync> {
      await owned(projectId, caller);
      return rosterSync.sync(projectId);
    },

    async sendGrades(projectId: number, caller: Caller): Promise<LtiGradeSend> {
      await owned(projectId, caller);
      return gradeSync.send(projectId);
    },

    /** The daily roster sync of every project with a linked course offering its roster. */
    syncEveryRoster: () => eachLinked("roster", (projectId) => rosterSync.sync(projectId)),

    /** The daily grades of every project with a linked line item: new, changed and failed scores. */
    sendEveryGrade: () =>
      eachLinked("grades", (projectId) => gradeSync.send(projectId, { changedOnly: true })),
  };
}

export type LtiServicesService = ReturnType<typeof createLtiServicesService>;
