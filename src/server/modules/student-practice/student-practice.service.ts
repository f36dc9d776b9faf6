import { localCalendar, localDate, masteryColour } from "#shared/domain/pivot-assets.ts";
import { DEFAULT_RETENTION } from "#shared/schemas/pivot-assets.ts";
import type { StudentDueList, StudentPracticeItem, StudentProgress } from "#shared/schemas/student.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { groupCommitLoader } from "../../lib/group-commit.ts";
import {
  createStudentPracticeReadModel,
  type StudentPracticeReadModel,
} from "../../read-models/student-practice.read-model.ts";
import type { SchedulingService } from "../pivot-assets/scheduling.service.ts";
import type { FsrsColumns, GradingRules } from "../pivot-assets/scheduling.ts";
import {
  type Catalogue,
  type CatalogueItem,
  createPracticeCatalogues,
  gradingRules,
} from "./practice-catalogue.ts";
import {
  createStudentPracticeRepository,
  type Enrolment,
  STREAK_LOOKBACK_DAYS,
  type StudentPracticeRepository,
} from "./student-practice.repository.ts";
import { type StudentDueRequest, studentScheduleStore } from "./student-schedule.store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A student's desired retention: the default (students have no setting;
 * docs/decisions/0052-student-practice.md). */
export const STUDENT_RETENTION = DEFAULT_RETENTION;

/** The calendar day before a YYYY-MM-DD date. */
function dayBefore(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * Days in a row with at least one review, ending today, or yesterday when there is none yet
 * today (the streak is not broken before the day is over). `days` are local dates.
 */
export function daysInARow(days: ReadonlySet<string>, today: string): number {
  let cursor = days.has(today) ? today : dayBefore(today);
  let streak = 0;
  while (days.has(cursor)) {
    streak += 1;
    cursor = dayBefore(cursor);
  }
  return streak;
}

/** A concept's mastery as the student's practice shows it: the mean recall of its items, within 0 to 1. */
const conceptLevel = (mastery: number) => Math.min(1, Math.max(0, mastery));

interface ReviewRequest {
  studentId: number;
  itemId: number;
  rating: number;
}

/** An item of a catalogue with the student's schedule of it (null: new to them). */
interface Practised {
  item: CatalogueItem;
  catalogue: Catalogue;
  schedule: FsrsColumns | null;
}

export function createStudentPracticeService(deps: {
  db: Database;
  now: () => Date;
  /** The retrieval scheduling service (the context's): due lists' pages, FSRS, review rounds. */
  scheduling: SchedulingService;
  /** The statements (createStudentPracticeRepository on `db` unless given). */
  repository?: StudentPracticeRepository;
  /** The concepts of the student's projects (read with other modules' tables). */
  practice?: StudentPracticeReadModel;
}) {
  const { db, now, scheduling } = deps;
  const repository = deps.repository ?? createStudentPracticeRepository(db);
  const practice = deps.practice ?? createStudentPracticeReadModel(db);
  const catalogues = createPracticeCatalogues(db);

  /**
   * How a schedule looks to the student at `at`: its state, next due and each grade's interval,
   * by the rules of its project (the parameters in use, the launch).
   */
  const scheduleView = (schedule: FsrsColumns, at: Date, rules: GradingRules) =>
    scheduling.brief(schedule, at, STUDENT_RETENTION, rules);
  type ScheduleView = ReturnType<typeof scheduleView>;
  type ViewOf = (schedule: FsrsColumns | null, rules: GradingRules) => ScheduleView;

  /**
   * scheduleView at `at` for a batch, worked out once per schedule and rules: a new item (null) is
   * scheduled the same for everyone graded by the same rules, and so is every new item graded alike
   * in a round (the same object from the scheduling service's round).
   */
  function viewsAt(at: Date): ViewOf {
    const made = new Map<FsrsColumns | null, Map<string, ScheduleView>>();
    const weightIds = new Map<readonly number[], number>();
    return (schedule, rules) => {
      let weightsId = 0;
      if (rules.weights) {
        weightsId = weightIds.get(rules.weights) ?? weightIds.size + 1;
        weightIds.set(rules.weights, weightsId);
      }
      const key = `${weightsId}:${rules.launch?.getTime() ?? ""}`;
      let views = made.get(schedule);
      if (!views) {
        views = new Map();
        made.set(schedule, views);
      }
      let view = views.get(key);
      if (!view) {
        view = scheduleView(schedule ?? scheduling.newSchedule(at), at, rules);
        views.set(key, view);
      }
      return view;
    };
  }

  /** An item as the student sees it, with its schedule's view from `viewOf` (viewsAt) by `rules`. */
  function toItem(
    { item, catalogue, schedule }: Practised,
    viewOf: ViewOf,
    rules: GradingRules,
  ): StudentPracticeItem {
    return {
      id: item.id,
      projectId: catalogue.projectId,
      projectTitle: catalogue.projectTitle,
      pivotCardId: item.pivotCardId,
      pivotCardTitle: item.cardTitle,
      discipline: item.discipline,
      type: item.type,
      question: item.question,
      answer: item.type === "flashcard" ? item.answer : null,
      options: item.type === "concept-check" ? (item.options ?? []) : null,
      correctIndex: item.type === "concept-check" ? item.correctIndex : null,
      ...viewOf(schedule, rules),
    };
  }

  /** Per student of a batch, the catalogues of the projects they are enrolled in (a statement for a changed catalogue). */
  async function enrolledCatalogues(enrolments: readonly Enrolment[]) {
    const found = await catalogues.at(new Map(enrolments.map((row) => [row.projectId, row.version])));
    const byStudent = new Map<number, Catalogue[]>();
    for (const { studentId, projectId } of enrolments) {
      const catalogue = found.get(projectId);
      if (!catalogue) continue;
      const list = byStudent.get(studentId);
      if (list) list.push(catalogue);
      else byStudent.set(studentId, [catalogue]);
    }
    return byStudent;
  }

  /** Each student's own schedule (student-schedule.store.ts): what the scheduling service reads due lists and grades reviews through. */
  const store = studentScheduleStore({ repository, enrolledCatalogues, retention: STUDENT_RETENTION });

  /** The due lists of a batch of requests, through the scheduling service and the students' store. */
  const dueLoader = groupCommitLoader<StudentDueRequest, StudentDueList>(async (requests) => {
    const { at, lists } = await scheduling.dueLists(store, requests);
    const viewOf = viewsAt(at);
    return lists.map((list, index) => {
      if (list instanceof Error) return list;
      const studentId = requests[index]?.studentId ?? 0;
      return {
        total: list.total,
        items: list.page.map((candidate) =>
          toItem(candidate, viewOf, gradingRules(candidate.catalogue, studentId, at)),
        ),
      };
    });
  });

  /**
   * A batch of reviews through the scheduling service and the students' store: in rounds of at
   * most one review per student, each round one read (`student_review_state`) and one write
   * (`student_save_reviews`, which also writes the student's mastery of the card), the reviews
   * whose schedule changed meanwhile graded again in the next round. New items graded alike in a
   * round share their next schedule, and so their view.
   */
  const reviewLoader = groupCommitLoader<ReviewRequest, StudentPracticeItem>(async (requests) => {
    const graded = await scheduling.gradeAll(
      store,
      requests.map((request) => ({ ...request, owner: request.studentId })),
    );
    const views = new Map<number, ViewOf>();
    return graded.map((result) => {
      if (result instanceof Error) return result;
      let viewOf = views.get(result.at.getTime());
      if (!viewOf) {
        viewOf = viewsAt(result.at);
        views.set(result.at.getTime(), viewOf);
      }
      const { catalogue, item, rules } = result.found;
      return toItem({ catalogue, item, schedule: result.next }, viewOf, rules ?? {});
    });
  });

  return {
    /** How many items are due now for each student of a batch (the morning's practice reminder). */
    async dueCounts(studentIds: readonly number[]): Promise<Map<number, number>> {
      const { lists } = await scheduling.dueLists(
        store,
        studentIds.map((studentId) => ({ studentId, limit: 1 })),
      );
      const counts = new Map<number, number>();
      lists.forEach((list, index) => {
        const studentId = studentIds[index];
        if (studentId !== undefined && !(list instanceof Error)) counts.set(studentId, list.total);
      });
      return counts;
    },

    /**
     * What is due for the student now (new items and their own due ones), interleaved by
     * discipline like the instructor's list, with the count of all due. A projectId they are not
     * enrolled in answers 404 as a project that does not exist. Batched with the concurrent
     * requests (dueLoader).
     */
    due(caller: Caller, query: { limit: number; projectId?: number | undefined }): Promise<StudentDueList> {
      return dueLoader.load({ studentId: caller.id, limit: query.limit, projectId: query.projectId });
    },

    /**
     * Grades an item of an enrolled project in the student's own schedule (retried on a
     * concurrent review), with the student's mastery of the card for the class figures; batched
     * with the concurrent reviews (reviewLoader). retrieval_item's own schedule is never written.
     */
    review(caller: Caller, itemId: number, rating: number): Promise<StudentPracticeItem> {
      return reviewLoader.load({ studentId: caller.id, itemId, rating });
    },

    /**
     * Items of the student's projects as they practise them now, in the order asked (an item
     * outside their projects is left out): a practice session of chosen items, such as the
     * concepts to strengthen before a launch. One statement, the catalogues in memory.
     */
    async chosen(studentId: number, itemIds: readonly number[]): Promise<StudentPracticeItem[]> {
      if (itemIds.length === 0) return [];
      const { enrolments, schedules } = await repository.reviewState(
        itemIds.map((itemId) => ({ studentId, itemId })),
      );
      const projects = (await enrolledCatalogues(enrolments)).get(studentId) ?? [];
      const own = new Map(schedules.map((row) => [row.itemId, row]));
      const at = now();
      const viewOf = viewsAt(at);
      return itemIds.flatMap((itemId) => {
        const catalogue = projects.find((each) => each.byId.has(itemId));
        const item = catalogue?.byId.get(itemId);
        return catalogue && item
          ? [
              toItem(
                { catalogue, item, schedule: own.get(itemId) ?? null },
                viewOf,
                gradingRules(catalogue, studentId, at),
              ),
            ]
          : [];
      });
    },

    /**
     * The student's mastery of a project, 0 to 1: the mean of its concepts' mastery as their
     * practice shows it for that project (`progress`), 0 when the project has no concept.
     */
    async projectMastery(studentId: number, projectId: number): Promise<number> {
      const concepts = (await practice.concepts(studentId, now())).filter(
        (concept) => concept.projectId === projectId,
      );
      if (concepts.length === 0) return 0;
      return concepts.reduce((sum, concept) => sum + conceptLevel(concept.mastery), 0) / concepts.length;
    },

    /**
     * The student's figures in their zone: due today (by the end of today, new items included),
     * reviewed today, days in a row, and mastery per concept. Two statements.
     */
    async progress(caller: Caller, tz: string): Promise<StudentProgress> {
      const at = now();
      const { startOfTomorrow } = localCalendar(at, tz);
      const [concepts, buckets] = await Promise.all([
        practice.concepts(caller.id, startOfTomorrow),
        repository.reviewBuckets(caller.id, new Date(at.getTime() - STREAK_LOOKBACK_DAYS * DAY_MS), at),
      ]);
      const today = localDate(at, tz);
      const days = new Set<string>();
      let reviewedToday = 0;
      for (const { bucket, reviews } of buckets) {
        const day = localDate(new Date(bucket * 1000), tz);
        days.add(day);
        if (day === today) reviewedToday += reviews;
      }
      return {
        timeZone: tz,
        dueToday: concepts.reduce((sum, concept) => sum + concept.dueToday, 0),
        reviewedToday,
        streakDays: daysInARow(days, today),
        concepts: concepts.map((concept) => {
          const level = conceptLevel(concept.mastery);
          return {
            pivotCardId: concept.pivotCardId,
            title: concept.title,
            projectId: concept.projectId,
            projectTitle: concept.projectTitle,
            itemCount: concept.itemCount,
            masteryLevel: level,
            masteryColour: masteryColour(level),
          };
        }),
      };
    },
  };
}
export type StudentPracticeService = ReturnType<typeof createStudentPracticeService>;

/** What notifications' morning reminder reads: each student's due count (a narrow service). */
export function createStudentDueCounts(deps: {
  db: Database;
  now: () => Date;
  scheduling: SchedulingService;
}) {
  const practice = createStudentPracticeService(deps);
  return { dueCounts: (studentIds: readonly number[]) => practice.dueCounts(studentIds) };
}
export type StudentDueCounts = ReturnType<typeof createStudentDueCounts>;

/**
 * What other modules read of a student's practice (a narrow service): their mastery of a project,
 * 0 to 1 (the LMS bridge's grades), and chosen items as they practise them (the concepts to
 * strengthen before a launch).
 */
export function createProjectMastery(deps: { db: Database; now: () => Date; scheduling: SchedulingService }) {
  const practice = createStudentPracticeService(deps);
  return {
    ofStudent: (studentId: number, projectId: number) => practice.projectMastery(studentId, projectId),
    items: (studentId: number, itemIds: readonly number[]) => practice.chosen(studentId, itemIds),
  };
}
export type ProjectMastery = ReturnType<typeof createProjectMastery>;
