import { localCalendar, masteryColour } from "#shared/domain/pivot-assets.ts";
import { PIVOT_MESSAGES } from "#shared/schemas/pivot-assets.ts";
import {
  CLASS_ADHERENCE_DAYS,
  CLASS_MASTERY_MAX_AGE_HOURS,
  type ClassMastery,
  INACTIVE_AFTER_DAYS,
} from "#shared/schemas/student.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { ClassFiguresReadModel } from "../../read-models/class-figures.read-model.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * The starts of the local days (in `tz`) from the one holding `from` to tomorrow's, ascending: the
 * thresholds that sort an instant into its local day in SQL (width_bucket), so PostgreSQL needs no
 * time zone data of its own and the zone is the one JavaScript validated.
 */
export function localDayStarts(from: Date, at: Date, tz: string): Date[] {
  const { startOfToday, startOfTomorrow } = localCalendar(at, tz);
  const starts = [startOfTomorrow, startOfToday];
  let day = startOfToday;
  while (day.getTime() > from.getTime()) {
    day = localCalendar(new Date(day.getTime() - 1), tz).startOfToday;
    starts.push(day);
  }
  return starts.reverse();
}

interface ProjectRef {
  id: number;
  title: string;
  facultyId: number;
}

/** The figures of a project nobody joined: its concepts without figures, no adherence. */
const empty = (
  project: ProjectRef,
  cards: ReadonlyArray<{ id: number; title: string; itemCount: number }>,
): ClassMastery => ({
  projectId: project.id,
  projectTitle: project.title,
  students: 0,
  asOf: null,
  concepts: cards.map((card) => ({
    pivotCardId: card.id,
    title: card.title,
    itemCount: card.itemCount,
    meanMastery: null,
    masteryColour: null,
    shareBelow: null,
  })),
  adherence: null,
  adherenceReason: PIVOT_MESSAGES.noAdherence,
  inactiveStudents: [],
});

/**
 * The class figures of a project from its enrolled students' own reviews
 * (docs/decisions/0055-class-figures.md). Mastery comes from the per-card cache, refreshed first
 * where it is older than CLASS_MASTERY_MAX_AGE_HOURS.
 */
export function createClassFiguresService(deps: {
  figures: ClassFiguresReadModel;
  projects: ProjectAccess;
  now: () => Date;
}) {
  const { figures: repository, projects, now } = deps;

  /**
   * The window's adherence, counted at every request: from the quarter-hour sums of
   * class_adherence_quarter (migration 0021), so a review shows at once (no cache to wait for).
   */
  async function adherence(projectId: number, enrolled: number[], tz: string, at: Date, startOfToday: Date) {
    const windowStart = new Date(at.getTime() - CLASS_ADHERENCE_DAYS * DAY_MS);
    const [reviews, missed] = await Promise.all([
      repository.adherence(projectId, enrolled, windowStart, at, localDayStarts(windowStart, at, tz)),
      repository.missed(projectId, enrolled, windowStart, startOfToday),
    ]);
    return { ...reviews, missed };
  }

  async function figures(project: ProjectRef, tz: string): Promise<ClassMastery> {
    const at = now();
    const staleBefore = new Date(at.getTime() - CLASS_MASTERY_MAX_AGE_HOURS * HOUR_MS);
    const { startOfToday } = localCalendar(at, tz);

    const [students, cards] = await Promise.all([
      repository.lastReviews(project.id),
      repository.cards(project.id, project.facultyId),
    ]);
    // Only the enrolled students are read: a student who left counts nowhere.
    const enrolled = students.map((student) => student.studentId);
    if (enrolled.length === 0) return empty(project, cards);
    let mastery = await repository.masteryByCard(project.id, project.facultyId, enrolled, staleBefore);
    if (mastery.some((row) => row.stale > 0)) {
      await repository.refreshStale(project.id, project.facultyId, staleBefore, at);
      mastery = await repository.masteryByCard(project.id, project.facultyId, enrolled, staleBefore);
    }
    const reviews = await adherence(project.id, enrolled, tz, at, startOfToday);

    const count = students.length;
    const byCard = new Map(mastery.map((row) => [row.cardId, row]));
    const concepts = cards.map((card) => {
      const row = byCard.get(card.id);
      // A student without a row for the card has never reviewed it: 0.
      const mean = count === 0 ? null : (row?.total ?? 0) / count;
      return {
        pivotCardId: card.id,
        title: card.title,
        itemCount: card.itemCount,
        meanMastery: mean,
        masteryColour: mean === null ? null : masteryColour(mean),
        shareBelow: count === 0 ? null : (count - (row?.passing ?? 0)) / count,
      };
    });
    const oldest = mastery.reduce<Date>(
      (min, row) => (row.oldest.getTime() < min.getTime() ? row.oldest : min),
      at,
    );
    const fellDue = reviews.fellDue + reviews.missed;
    const inactiveSince = at.getTime() - INACTIVE_AFTER_DAYS * DAY_MS;
    const inactiveStudents = students
      .filter((student) => student.last === null || student.last.getTime() < inactiveSince)
      .sort(
        (a, b) =>
          (a.last?.getTime() ?? Number.NEGATIVE_INFINITY) - (b.last?.getTime() ?? Number.NEGATIVE_INFINITY) ||
          a.name.localeCompare(b.name),
      )
      .map((student) => ({
        studentId: student.studentId,
        name: student.name,
        lastPracticedAt: student.last?.toISOString() ?? null,
      }));

    return {
      projectId: project.id,
      projectTitle: project.title,
      students: count,
      asOf: count === 0 || cards.length === 0 ? null : oldest.toISOString(),
      concepts,
      adherence: fellDue === 0 ? null : reviews.onTime / fellDue,
      adherenceReason: fellDue === 0 ? PIVOT_MESSAGES.noAdherence : null,
      inactiveStudents,
    };
  }

  return {
    /** One project of the caller's (404 for anyone else's). */
    async forProject(id: number, caller: Caller, tz: string) {
      const project = await projects.findReadable(id, viewerOf(caller));
      if (!project) throw createProjectNotFoundError();
      return figures(project, tz);
    },

    /** Each of the caller's projects that has enrolled students, oldest project first. */
    async forCaller(caller: Caller, tz: string) {
      const rows = await repository.projectsWithStudents(caller.id);
      const answers: ClassMastery[] = [];
      for (const row of rows)
        answers.push(await figures({ id: row.id, title: row.title, facultyId: row.faculty_id }, tz));
      return answers;
    },
  };
}

export type ClassFiguresService = ReturnType<typeof createClassFiguresService>;
