import { isForeignKeyViolation } from "../../lib/errors.ts";
import type { ReviewRequest, ScheduleFound, ScheduleStore } from "../pivot-assets/scheduling.service.ts";
import type { Catalogue, CatalogueItem } from "./practice-catalogue.ts";
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

const key = (studentId: number, itemId: number) => `${studentId}:${itemId}`;

/**
 * Each student's own schedule as a ScheduleStore (student_schedule, student_review and
 * student_card_mastery), tuned for a class practising at once: a round's read is the one named
 * statement `student_review_state` (enrolments with their catalogue versions, and the schedules)
 * plus the catalogues in memory, its write the one named statement `student_save_reviews`, which
 * also writes each student's mastery of the card. An item outside the student's projects answers
 * 404.
 */
export function studentScheduleStore(deps: {
  repository: Pick<StudentPracticeRepository, "reviewState" | "saveReviews">;
  /** Per student of a round, the catalogues of the projects they are enrolled in. */
  enrolledCatalogues: (enrolments: readonly Enrolment[]) => Promise<Map<number, Catalogue[]>>;
  retention: number;
}): ScheduleStore<StudentReview, StudentFound> {
  const { repository, enrolledCatalogues, retention } = deps;
  return {
    async read(round) {
      const { enrolments, schedules } = await repository.reviewState(round);
      const enrolled = await enrolledCatalogues(enrolments);
      const before = new Map(schedules.map((row) => [key(row.studentId, row.itemId), row]));
      return round.map((request) => {
        const catalogue = enrolled.get(request.studentId)?.find((each) => each.byId.has(request.itemId));
        const item = catalogue?.byId.get(request.itemId);
        if (!catalogue || !item) return createPracticeItemNotFoundError();
        const schedule = before.get(key(request.studentId, request.itemId)) ?? null;
        return { catalogue, item, schedule, retention };
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
