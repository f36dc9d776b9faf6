import { createHash, randomBytes } from "node:crypto";
import ical from "ical-generator";
import type { CalendarFeed } from "#shared/schemas/milestones.ts";
import type { AppConfig } from "../../config.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { appUrl } from "../../platform/mail/links.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import type { StudentEnrolments } from "../enrolment/enrolment.service.ts";
import type { FacultyAccounts } from "../faculty/faculty.service.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { CalendarRepository } from "./calendar.repository.ts";
import { createCalendarFeedNotFoundError } from "./milestones.errors.ts";
import type { MilestonesRepository } from "./milestones.repository.ts";

const STAGE_NAMES = { pivot: "Pivot", launch: "Launch", final: "Final" } as const;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
/** The sealed token is bound to its person and project: it cannot be moved to another row. */
const boundTo = (facultyId: number, projectId: number) => `calendar-feed:${facultyId}:${projectId}`;

/**
 * Private calendar feeds of a project's milestones: one address per person (the owner or an
 * enrolled student) and project, shown again from its sealed token, replaced on demand.
 */
export function createCalendarService(deps: {
  feeds: CalendarRepository;
  milestones: MilestonesRepository;
  projects: ProjectAccess;
  enrolments: StudentEnrolments;
  accounts: FacultyAccounts;
  box: SecretBox;
  config: AppConfig;
}) {
  const { feeds, milestones, projects, enrolments, accounts, box, config } = deps;
  const feedUrl = (token: string) => appUrl(config, `/api/calendar/${token}.ics`);

  /** The project when the caller owns it or, a student, is enrolled in it (404 otherwise). */
  async function reachable(projectId: number, caller: Caller) {
    if (caller.role === "student") {
      const found = await enrolments.enrolledProject(projectId, caller.id);
      if (!found) throw createStudentProjectNotFoundError();
      return found.project;
    }
    const project = await projects.findReadable(projectId, viewerOf(caller));
    if (!project) throw createProjectNotFoundError();
    return project;
  }

  function newToken(facultyId: number, projectId: number) {
    const token = randomBytes(32).toString("base64url");
    return {
      token,
      tokenHash: hashOf(token),
      tokenSealed: box.encrypt(token, boundTo(facultyId, projectId)),
    };
  }

  /** The sealed token, or undefined when it was sealed under another app secret. */
  function opened(sealed: string, facultyId: number, projectId: number) {
    try {
      return box.decrypt(sealed, boundTo(facultyId, projectId));
    } catch {
      return undefined;
    }
  }

  /** A new address; the old one answers 404 from now on. */
  async function replaceFeed(facultyId: number, projectId: number): Promise<CalendarFeed> {
    const { token, tokenHash, tokenSealed } = newToken(facultyId, projectId);
    await feeds.replace({ facultyId, projectId, tokenHash, tokenSealed });
    return { url: feedUrl(token) };
  }

  return {
    /** The caller's address for the project, made on the first call. */
    async feed(projectId: number, caller: Caller): Promise<CalendarFeed> {
      const project = await reachable(projectId, caller);
      const existing = await feeds.findFor(caller.id, project.id);
      if (!existing) {
        const { tokenHash, tokenSealed } = newToken(caller.id, project.id);
        const row = await feeds.insertIfAbsent({
          facultyId: caller.id,
          projectId: project.id,
          tokenHash,
          tokenSealed,
        });
        const made = opened(row.tokenSealed, caller.id, project.id);
        if (made) return { url: feedUrl(made) };
      }
      const shown = existing && opened(existing.tokenSealed, caller.id, project.id);
      // Sealed under another app secret, it cannot be shown again: the person gets a new address.
      return shown ? { url: feedUrl(shown) } : replaceFeed(caller.id, project.id);
    },

    /** A new address; the old one answers 404 from now on. */
    async regenerate(projectId: number, caller: Caller): Promise<CalendarFeed> {
      const project = await reachable(projectId, caller);
      return replaceFeed(caller.id, project.id);
    },

    /** The iCalendar text of the feed with this token (404 when unknown or its person lost the project). */
    async ics(token: string): Promise<string> {
      const feed = await feeds.findByHash(hashOf(token));
      const person = feed && (await accounts.findById(feed.facultyId));
      if (!feed || !person) throw createCalendarFeedNotFoundError();
      const isStudent = person.role === "student";
      const project = isStudent
        ? (await enrolments.enrolledProject(feed.projectId, person.id))?.project
        : await projects.findReadable(feed.projectId, {
            id: person.id,
            role: person.role,
            institution: "",
            isAdmin: false,
          });
      if (!project) throw createCalendarFeedNotFoundError();

      const projectUrl = appUrl(
        config,
        isStudent ? `/student/projects/${project.id}` : `/projects/${project.id}`,
      );
      const calendar = ical({
        name: project.title,
        prodId: { company: "Pivot & Launch", product: "milestones" },
      });
      for (const milestone of await milestones.listByProject(project.id)) {
        const deliverables = milestone.deliverables.map((item) => `- ${item}`).join("\n");
        calendar.createEvent({
          id: `milestone-${milestone.id}@pivot-and-launch`,
          start: milestone.dueAt,
          end: milestone.dueAt,
          summary: `${STAGE_NAMES[milestone.stage]}: ${milestone.title}`,
          description: [milestone.description, deliverables && `Deliverables:\n${deliverables}`, projectUrl]
            .filter(Boolean)
            .join("\n\n"),
          url: projectUrl,
        });
      }
      return calendar.toString();
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
