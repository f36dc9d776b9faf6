import { meanEffortTile } from "#shared/domain/cognitive-load.ts";
import { localCalendar, localDate, MASTERY_AMBER, meanMastery } from "#shared/domain/pivot-assets.ts";
import {
  DEFAULT_RETENTION,
  PIVOT_MESSAGES,
  type PivotStats,
  type RetrievalItem,
} from "#shared/schemas/pivot-assets.ts";
import type { AppContext } from "../../context.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { InstructorScheduleRepository } from "./instructor-schedule.repository.ts";
import { instructorScheduleStore } from "./instructor-schedule.store.ts";
import { createNothingToUndoError, createRetrievalItemNotFoundError } from "./pivot-assets.errors.ts";
import type { PivotCardsRepository } from "./pivot-cards.repository.ts";
import type { PivotCardRules } from "./pivot-cards.service.ts";
import { presentItem } from "./retrieval-items.service.ts";
import type { SchedulingService } from "./scheduling.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const ADHERENCE_WINDOW_DAYS = 30;

/** The instructor's own practice: what is due, a review and its undo, and the screen's figures. */
export function createRetrievalReviewService(deps: {
  schedule: InstructorScheduleRepository;
  cards: PivotCardsRepository;
  rules: Pick<PivotCardRules, "desiredRetention" | "cardFigures">;
  scheduling: SchedulingService;
  /** The person's projects' mental effort: the stats' cognitive load tile. */
  checkIns: Pick<AppContext["checkIns"], "effort">;
  now: () => Date;
  /** The item as the screen shows it (after an undo). */
  getItem: (id: number, caller: Caller) => Promise<RetrievalItem>;
}) {
  const { schedule, cards, rules, scheduling, checkIns, now } = deps;

  return {
    /**
     * What is due now through the scheduling service and the instructor's store, interleaved by
     * discipline: the earliest-due items, INTERLEAVE_POOL times the page read in due order off
     * retrieval_item_due_idx. `total` counts everything due.
     */
    async due(caller: Caller, query: { tz: string; limit: number }) {
      const store = instructorScheduleStore(schedule, viewerOf(caller), DEFAULT_RETENTION);
      const [{ at, lists }, retention] = await Promise.all([
        scheduling.dueLists(store, [{ limit: query.limit }]),
        rules.desiredRetention(caller),
      ]);
      const [list] = lists;
      if (!list) return { total: 0, items: [] };
      if (list instanceof Error) throw list;
      const overdueBefore = scheduling.overdueBefore(at, query.tz);
      return {
        total: list.total,
        items: list.page.map((row) => presentItem(row, scheduling.view(row, at, retention, overdueBefore))),
      };
    },

    /**
     * Grades an item through the scheduling service and the instructor's store: the review is
     * logged with the state before it and the item gets its new schedule; a concurrent review of
     * the same item makes the write match nothing, and the grade is applied again to the newer state.
     */
    async review(id: number, rating: number, caller: Caller) {
      const store = instructorScheduleStore(schedule, viewerOf(caller), DEFAULT_RETENTION);
      const [result] = await scheduling.gradeAll(store, [{ owner: caller.id, itemId: id, rating }]);
      if (!result) throw createRetrievalItemNotFoundError();
      if (result instanceof Error) throw result;
      const { found, next, at } = result;
      return presentItem({ ...found.item, ...next }, scheduling.view(next, at, found.retention));
    },

    /** Undoes the item's last review: its log row goes and the item gets back the state it had. */
    async undoLastReview(id: number, caller: Caller) {
      const outcome = await schedule.undoLastReview(viewerOf(caller), id);
      if (outcome === "no item") throw createRetrievalItemNotFoundError();
      if (outcome === "no review") throw createNothingToUndoError();
      return deps.getItem(id, caller);
    },

    /**
     * The screen's figures (docs/decisions/0042-pivot-assets-scheduling-and-figures.md), from the stored
     * schedule and
     * reviews, against today in the person's time zone.
     */
    async stats(caller: Caller, tz: string): Promise<PivotStats> {
      const at = now();
      const viewer = viewerOf(caller);
      const { startOfToday, startOfTomorrow, startOfWeek } = localCalendar(at, tz);
      const windowStart = new Date(at.getTime() - ADHERENCE_WINDOW_DAYS * DAY_MS);
      const [counts, ordered] = await Promise.all([
        schedule.figures(viewer, { at, startOfToday, startOfTomorrow, startOfWeek, windowStart }),
        cards.inOrder(viewer),
      ]);
      const figures = await rules.cardFigures(caller, "all");
      // Cognitive Load Analytics: the real mean mental effort of the caller's projects' check-ins
      // (null below 3).
      const held = await checkIns.effort(viewer);
      const effort = meanEffortTile(held.responses, held.mentalEffortSum);
      const progression = ordered.map((card) => {
        const { masteryLevel, masteryColour: colour } = figures(card.id);
        return { pivotCardId: card.id, title: card.title, masteryLevel, masteryColour: colour };
      });
      const onTime = counts.reviews.filter(
        (r) => localDate(r.reviewedAt, tz) <= localDate(r.dueAt, tz),
      ).length;
      const fellDue = counts.reviews.length + counts.missed;
      return {
        timeZone: tz,
        dueToday: counts.dueToday,
        completedThisWeek: counts.completedThisWeek,
        overdue: counts.overdue,
        averageMastery:
          progression.length === 0 ? null : meanMastery(progression.map((card) => card.masteryLevel)),
        retrievalAdherence: fellDue === 0 ? null : onTime / fellDue,
        retrievalAdherenceReason: fellDue === 0 ? PIVOT_MESSAGES.noAdherence : null,
        atRiskConcepts: progression.filter((card) => card.masteryLevel < MASTERY_AMBER).length,
        cognitiveLoad: effort.value,
        cognitiveLoadReason: effort.reason,
        progression,
      };
    },
  };
}
export type RetrievalReviewService = ReturnType<typeof createRetrievalReviewService>;
