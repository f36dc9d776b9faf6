import { isForeignKeyViolation } from "../../lib/errors.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import {
  type DueRequest,
  INTERLEAVE_POOL,
  type ReviewRequest,
  type ScheduleFound,
  type ScheduleStore,
} from "../pivot-assets/scheduling.service.ts";
import { type Catalogue, type CatalogueItem, gradingRules } from "./practice-catalogue.ts";
import { createPracticeItemNotFoundError } from "./student-practice.errors.ts";
import type { Enrolment, ScheduleRow, StudentPracticeRepository } from "./student-practice.repository.ts";

/** A student's review in a batch (`owner` is the student: one review per student in a round). */
export type StudentReview = ReviewRequest & {
  studentId: number;
  itemId: number;
  index: number;
  attempt: number;
};

/** What a student's review is graded from: the item, its project's catalogue and their schedule of it. */
export type StudentFound = ScheduleFound & {
  catalogue: Catalogue;
  item: CatalogueItem;
  schedule: ScheduleRow | null;
};

/** A student's due list asked for: of all their projects, or of one they are enrolled in. */
export type StudentDueRequest = DueRequest & { studentId: number; projectId?: number | undefined };

/** An item of a catalogue with the student's schedule of it (null: new to them), and when it fell due. */
export interface StudentCandidate {
  item: CatalogueItem;
  catalogue: Catalogue;
  schedule: ScheduleRow | null;
  sortAt: number;
}

/**
 * A student's due list from their projects' catalogues and their own schedule: every item of the
 * catalogues is due unless scheduled later; the earliest due INTERLEAVE_POOL times the page (a new
 * item from its creation, as the instructor's new items), in due order.
 */
function dueCandidates(
  projects: readonly Catalogue[],
  schedule: { later: number[]; due: ScheduleRow[] } | undefined,
  limit: number,
) {
  const pool = limit * INTERLEAVE_POOL;
  const later = new Set(schedule?.later);
  const dueNow = new Set(schedule?.due.map((row) => row.itemId));
  const catalogueOf = (itemId: number) => projects.find((catalogue) => catalogue.byId.has(itemId));
  const candidates: StudentCandidate[] = [];
  // Every item is due but those scheduled later; the new ones oldest first, so only the pool's
  // first new ones of each project can be on the page.
  let total = 0;
  for (const catalogue of projects) {
    total += catalogue.items.length;
    let newOnes = 0;
    for (const item of catalogue.items) {
      if (newOnes >= pool) break;
      if (later.has(item.id) || dueNow.has(item.id)) continue;
      candidates.push({ item, catalogue, schedule: null, sortAt: item.createdAt });
      newOnes += 1;
    }
  }
  for (const itemId of later) if (catalogueOf(itemId)) total -= 1;
  for (const own of schedule?.due ?? []) {
    const catalogue = catalogueOf(own.itemId);
    const item = catalogue?.byId.get(own.itemId);
    if (catalogue && item) candidates.push({ item, catalogue, schedule: own, sortAt: own.due.getTime() });
  }
  candidates.sort((a, b) => a.sortAt - b.sortAt || a.item.id - b.item.id);
  return { total, candidates };
}

const key = (studentId: number, itemId: number) => `${studentId}:${itemId}`;

/**
 * Each student's own schedule as a ScheduleStore (student_schedule, student_review and
 * student_card_mastery), tuned for a class practising at once: a batch of due lists is read by the
 * one named statement `student_due_state`, a round of reviews by the one named
 * statement `student_review_state` (enrolments with their catalogue versions, and the schedules)
 * plus the catalogues in memory (with the project's parameters in use and its launch), its write the one named statement `student_save_reviews`, which
 * also writes each student's mastery of the card. An item outside the student's projects answers
 * 404.
 */
export function studentScheduleStore(deps: {
  repository: Pick<StudentPracticeRepository, "dueState" | "reviewState" | "saveReviews">;
  /** Per student of a round, the catalogues of the projects they are enrolled in. */
  enrolledCatalogues: (enrolments: readonly Enrolment[]) => Promise<Map<number, Catalogue[]>>;
  retention: number;
}): ScheduleStore<StudentReview, StudentFound, StudentDueRequest, StudentCandidate> {
  const { repository, enrolledCatalogues, retention } = deps;
  return {
    /**
     * The due lists of a batch: the students' enrolments and schedules in one statement
     * (`student_due_state`) whatever the batch's size, the items from the catalogues in memory. A
     * projectId the student is not enrolled in answers 404 as a project that does not exist.
     */
    async due(requests, at) {
      const studentIds = [...new Set(requests.map((request) => request.studentId))];
      const { enrolments, schedules } = await repository.dueState(studentIds, at);
      const enrolled = await enrolledCatalogues(enrolments);
      return requests.map((request) => {
        let projects = enrolled.get(request.studentId) ?? [];
        if (request.projectId !== undefined) {
          projects = projects.filter((catalogue) => catalogue.projectId === request.projectId);
          if (projects.length === 0) return createStudentProjectNotFoundError();
        }
        return dueCandidates(projects, schedules.get(request.studentId), request.limit);
      });
    },

    disciplineOf: (candidate) => candidate.item.discipline,

    async read(round, at) {
      const { enrolments, schedules } = await repository.reviewState(round);
      const enrolled = await enrolledCatalogues(enrolments);
      const before = new Map(schedules.map((row) => [key(row.studentId, row.itemId), row]));
      return round.map((request) => {
        const catalogue = enrolled.get(request.studentId)?.find((each) => each.byId.has(request.itemId));
        const item = catalogue?.byId.get(request.itemId);
        if (!catalogue || !item) return createPracticeItemNotFoundError();
        const schedule = before.get(key(request.studentId, request.itemId)) ?? null;
        return {
          catalogue,
          item,
          schedule,
          retention,
          rules: gradingRules(catalogue, request.studentId, at),
        };
      });
    },

    /**
     * Writes nothing and answers every review "not written" when a student left (or an item was
     * deleted) since the read: the round is graded again against what is there now (that review
     * then answers 404).
     */
    async write(at, graded) {
      let written: Array<{ studentId: number; itemId: number }>;
      try {
        written = await repository.saveReviews(
          at,
          graded.map(({ request, found, next }) => ({
            studentId: request.studentId,
            itemId: request.itemId,
            projectId: found.catalogue.projectId,
            pivotCardId: found.item.pivotCardId,
            cardItemIds: found.catalogue.cardItems.get(found.item.pivotCardId) ?? [found.item.id],
            rating: request.rating,
            before: found.schedule,
            // A new item is due from the moment it is first graded (a new FSRS card is due now).
            beforeDue: found.schedule?.due ?? at,
            next,
          })),
        );
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        written = [];
      }
      const saved = new Set(written.map((row) => key(row.studentId, row.itemId)));
      return graded.map(({ request }) => saved.has(key(request.studentId, request.itemId)));
    },

    lostRace: createPracticeItemNotFoundError,
  };
}
