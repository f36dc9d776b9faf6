import type { Grade } from "ts-fsrs";
import { interleave, localCalendar } from "#shared/domain/pivot-assets.ts";
import {
  type FsrsColumns,
  type GradingRules,
  intervals,
  newItemColumns,
  retrievability,
  review,
  STATE_NAMES,
} from "./scheduling.ts";

/** How many times the page a due list reads before interleaving (the instructor's and a student's). */
export const INTERLEAVE_POOL = 4;

/** How many times a review whose schedule changed meanwhile is graded before giving up. */
export const REVIEW_ATTEMPTS = 3;

/** A review to grade: whose schedule (`owner`: one review per owner in a round) and the grade. */
export interface ReviewRequest {
  owner: number;
  rating: number;
}

/** What a store read for one review: the schedule it is graded from (null: new to its owner). */
export interface ScheduleFound {
  schedule: FsrsColumns | null;
  retention: number;
  /** The parameters in use and the launch aimed at (a student's project's; none: defaults, no launch). */
  rules?: GradingRules;
}

/** A review graded in a round: what was read, the schedule it now has, and when. */
export interface Graded<Request, Found> {
  request: Request;
  found: Found;
  next: FsrsColumns;
  at: Date;
}

/** A due list asked for: how many items its page holds. */
export interface DueRequest {
  limit: number;
}

/** A due list as a store read it: everything due counted, and the earliest due in due order. */
export interface DueCandidates<Candidate> {
  total: number;
  /** At least INTERLEAVE_POOL times the page when that many are due. */
  candidates: Candidate[];
}

/**
 * Where schedules live. Two stores: the instructor's own schedule (pivot-assets' retrieval_item and
 * retrieval_review: instructor-schedule.store.ts) and each student's (student_schedule and
 * student_review: student-practice's student-schedule.store.ts). The scheduling service reads a
 * round of reviews through `read` (one statement), grades them with FSRS, and writes them through
 * `write` (one statement), which writes a review only if its schedule is still the one read; it
 * reads a batch of due lists through `due` and pages them.
 */
export interface ScheduleStore<
  Request extends ReviewRequest,
  Found extends ScheduleFound,
  Due extends DueRequest = DueRequest,
  Candidate = unknown,
> {
  /** For a batch of due lists at `at` (one read), per request its candidates, or its error. */
  due(requests: readonly Due[], at: Date): Promise<Array<DueCandidates<Candidate> | Error>>;
  /** The discipline a due list interleaves a candidate by. */
  disciplineOf(candidate: Candidate): string;
  /** Per review of the round graded at `at`, what it is graded from, or the error it answers (not found). */
  read(round: readonly Request[], at: Date): Promise<Array<Found | Error>>;
  /** Writes the round's graded reviews at `at`; answers, per review, whether it was written. */
  write(at: Date, graded: ReadonlyArray<Graded<Request, Found>>): Promise<boolean[]>;
  /** What a review answers when its schedule kept changing (REVIEW_ATTEMPTS times). */
  lostRace(): Error;
}

/**
 * The one retrieval scheduling service (FSRS, scheduling.ts) behind both due lists and both review
 * paths: the instructor's review and a student's review (with its retries).
 */
export function createSchedulingService(deps: { now: () => Date }) {
  const { now } = deps;

  /**
   * FSRS for a round's reviews at `at`: a new item graded alike is scheduled alike, so that is
   * worked out once per grade, retention, parameters and launch (a class starting its practice
   * grades mostly new items).
   */
  function gradesAt(at: Date) {
    const newGraded = new Map<string, FsrsColumns>();
    const weightIds = new Map<readonly number[], number>();
    return (
      own: FsrsColumns | null,
      rating: Grade,
      retention: number,
      rules: GradingRules = {},
    ): FsrsColumns => {
      if (own) return review(own, rating, at, retention, rules);
      let weightsId = 0;
      if (rules.weights) {
        weightsId = weightIds.get(rules.weights) ?? weightIds.size + 1;
        weightIds.set(rules.weights, weightsId);
      }
      const key = `${rating}:${retention}:${weightsId}:${rules.launch?.getTime() ?? ""}`;
      let next = newGraded.get(key);
      if (!next) {
        next = review(newItemColumns(at), rating, at, retention, rules);
        newGraded.set(key, next);
      }
      return next;
    };
  }

  /**
   * One round: one read, FSRS, one write. Answers the reviews to grade again (their schedule
   * changed meanwhile), having put every other review's answer in `results`.
   */
  async function gradeRound<
    Request extends ReviewRequest & { index: number; attempt: number },
    Found extends ScheduleFound,
  >(
    store: ScheduleStore<Request, Found>,
    round: readonly Request[],
    results: Array<Graded<Request, Found> | Error>,
  ): Promise<Request[]> {
    const at = now();
    const found = await store.read(round, at);
    const grade = gradesAt(at);
    const graded: Array<Graded<Request, Found>> = [];
    for (const [position, request] of round.entries()) {
      const own = found[position];
      if (!own || own instanceof Error) {
        results[request.index] = own ?? store.lostRace();
        continue;
      }
      graded.push({
        request,
        found: own,
        at,
        next: grade(own.schedule, request.rating as Grade, own.retention, own.rules),
      });
    }
    if (graded.length === 0) return [];
    const written = await store.write(at, graded);
    const again: Request[] = [];
    for (const [position, done] of graded.entries()) {
      if (written[position]) results[done.request.index] = done;
      else if (done.request.attempt + 1 >= REVIEW_ATTEMPTS) results[done.request.index] = store.lostRace();
      else again.push({ ...done.request, attempt: done.request.attempt + 1 });
    }
    return again;
  }

  /** How a schedule looks to a student at `at`: its state, next due and each grade's interval. */
  function brief(schedule: FsrsColumns, at: Date, retention: number, rules: GradingRules = {}) {
    return {
      state: STATE_NAMES[schedule.state] ?? "new",
      nextDue: schedule.due.toISOString(),
      intervals: intervals(schedule, at, retention, rules),
    };
  }

  /**
   * A due list's page from the candidates in due order (INTERLEAVE_POOL times the page), dealt
   * round-robin by discipline ("varied contexts"): the first of every discipline, then the
   * second of every discipline, and so on, disciplines in the order of their earliest due item.
   */
  function duePage<T>(candidates: readonly T[], limit: number, disciplineOf: (candidate: T) => string): T[] {
    return interleave(candidates.slice(0, limit * INTERLEAVE_POOL), disciplineOf).slice(0, limit);
  }

  return {
    newSchedule: (at: Date) => newItemColumns(at),

    /** Items due before this instant are overdue: the start of today in the person's zone. */
    overdueBefore: (at: Date, timeZone: string) => localCalendar(at, timeZone).startOfToday,

    brief,

    /** How a schedule looks to its instructor: the brief, with difficulty, last review, overdue and recall now. */
    view(schedule: FsrsColumns, at: Date, retention: number, overdueBefore?: Date) {
      return {
        ...brief(schedule, at, retention),
        difficulty: schedule.state === 0 ? null : Math.round(schedule.difficulty * 100) / 100,
        lastShown: schedule.lastReview?.toISOString() ?? null,
        overdue: schedule.state !== 0 && schedule.due < (overdueBefore ?? at),
        retrievability: retrievability(schedule, at, retention),
      };
    },

    /**
     * A batch of due lists through a store, read at one instant (answered as `at`, for the views):
     * per request everything due counted and its page (duePage), or its error.
     */
    async dueLists<Due extends DueRequest, Candidate>(
      store: Pick<ScheduleStore<never, never, Due, Candidate>, "due" | "disciplineOf">,
      requests: readonly Due[],
    ) {
      const at = now();
      const found = await store.due(requests, at);
      const lists = found.map((list, index) =>
        list instanceof Error
          ? list
          : {
              total: list.total,
              page: duePage(list.candidates, requests[index]?.limit ?? 0, (candidate) =>
                store.disciplineOf(candidate),
              ),
            },
      );
      return { at, lists };
    },

    /**
     * Grades a batch of reviews through a store, in rounds of at most one review per owner (two
     * reviews of one schedule in one statement could not see each other: the second waits for the
     * next round), the reviews whose schedule changed meanwhile graded again in the next round.
     * Answers per review its graded review or its error, in the requests' order.
     */
    async gradeAll<Request extends ReviewRequest, Found extends ScheduleFound>(
      store: ScheduleStore<Request & { index: number; attempt: number }, Found>,
      requests: readonly Request[],
    ) {
      type Pending = Request & { index: number; attempt: number };
      const results: Array<Graded<Pending, Found> | Error> = new Array(requests.length);
      let pending: Pending[] = requests.map((request, index) => ({ ...request, index, attempt: 0 }));
      while (pending.length > 0) {
        const owners = new Set<number>();
        const round: Pending[] = [];
        const rest: Pending[] = [];
        for (const request of pending) {
          if (owners.has(request.owner)) rest.push(request);
          else {
            owners.add(request.owner);
            round.push(request);
          }
        }
        pending = [...(await gradeRound(store, round, results)), ...rest];
      }
      return results;
    },
  };
}
export type SchedulingService = ReturnType<typeof createSchedulingService>;
