import type { Viewer } from "../../lib/policy.ts";
import type { InstructorScheduleRepository } from "./instructor-schedule.repository.ts";
import { createRetrievalItemNotFoundError } from "./pivot-assets.errors.ts";
import type { ItemWithCard } from "./retrieval-items.repository.ts";
import {
  type DueRequest,
  INTERLEAVE_POOL,
  type ReviewRequest,
  type ScheduleFound,
  type ScheduleStore,
} from "./scheduling.service.ts";

export type InstructorReview = ReviewRequest & { itemId: number; index: number; attempt: number };
export type InstructorFound = ScheduleFound & { item: ItemWithCard };

/**
 * The instructor's own schedule as a ScheduleStore: the FSRS columns of their retrieval_item rows
 * and the retrieval_review log, their desired retention (the default when never set). Two
 * statements for a due list (the count and the earliest due), two per review, no explicit transaction: the read, then one statement that updates the
 * item only if it is unchanged and logs the review (instructor-schedule.repository.ts).
 */
export function instructorScheduleStore(
  schedule: InstructorScheduleRepository,
  viewer: Viewer,
  defaultRetention: number,
): ScheduleStore<InstructorReview, InstructorFound, DueRequest, ItemWithCard> {
  return {
    /** The person's items due at `at` counted, and the earliest due off retrieval_item_due_idx. */
    due: (requests, at) =>
      Promise.all(
        requests.map(async (request) => {
          const found = await schedule.due(viewer, at, request.limit * INTERLEAVE_POOL);
          return { total: found.total, candidates: found.items };
        }),
      ),
    disciplineOf: (item) => item.discipline,
    read: (round) =>
      Promise.all(
        round.map(async (request) => {
          const found = await schedule.reviewState(viewer, request.itemId);
          if (!found) return createRetrievalItemNotFoundError();
          // real is 4 bytes: round so 0.9 stays 0.9.
          const retention =
            found.retention === null ? defaultRetention : Math.round(found.retention * 1000) / 1000;
          return { item: found.item, schedule: found.item, retention };
        }),
      ),
    write: (at, graded) =>
      Promise.all(
        graded.map(({ request, found, next }) =>
          schedule.saveReview(viewer, { before: found.item, next, rating: request.rating, at }),
        ),
      ),
    lostRace: createRetrievalItemNotFoundError,
  };
}
