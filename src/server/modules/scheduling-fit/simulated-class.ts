import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { default_w, FSRSAlgorithm, generatorParameters } from "ts-fsrs";
import type { LoggedReview } from "./fit-data.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * FSRS-6 parameters unlike the defaults (a class whose memory differs from FSRS's average): lower
 * initial stabilities for a Good first answer, slower growth after a success, steeper forgetting.
 */
export const UNLIKE_DEFAULTS: readonly number[] = (() => {
  const w = [...default_w];
  w[0] = 0.6;
  w[1] = 2.5;
  w[2] = 6.0;
  w[3] = 20.0;
  w[4] = 5.5;
  w[8] = 1.4;
  w[11] = 1.0;
  w[20] = 0.4;
  return w;
})();

/**
 * A seeded class for tests and the bench: `students` students each making `reviews` reviews of
 * their own cards (two new a day, `reviews / 5` in all), at a random hour of each day they practise,
 * scheduled with FSRS's defaults (as the product does) and reviewing a little early or late; whether
 * they recall follows the forgetting curve of `truth`. Answers the log as student_review holds it
 * (card i of a student is `itemIds[i]`), sorted by student, item and time.
 */
export function simulateClass(options: {
  students: number;
  reviews: number;
  truth: readonly number[];
  seed: number;
  itemIds?: readonly number[];
  studentIds?: readonly number[];
  start?: Date;
}): LoggedReview[] {
  const { students, reviews, seed } = options;
  const rng = xoroshiro128plus(seed);
  const chance = () => uniformInt(rng, 0, 999_999) / 1_000_000;
  const truth = new FSRSAlgorithm(generatorParameters({ w: [...options.truth], enable_short_term: true }));
  const scheduler = new FSRSAlgorithm(generatorParameters({ w: [...default_w] }));
  const cardsEach = Math.max(4, Math.round(reviews / 5));
  const start = options.start?.getTime() ?? Date.UTC(2026, 0, 5);
  const log: LoggedReview[] = [];
  type Memory = ReturnType<FSRSAlgorithm["next_state"]>;
  for (let student = 0; student < students; student += 1) {
    const studentId = options.studentIds?.[student] ?? student + 1;
    const first = start + uniformInt(rng, 0, 6) * DAY_MS;
    const cards: Array<{
      index: number;
      truth: Memory | null;
      own: Memory | null;
      last: number;
      due: number;
    }> = [];
    let made = 0;
    for (let day = 0; made < reviews && day < 3650; day += 1) {
      for (let k = 0; k < 2 && cards.length < cardsEach; k += 1) {
        cards.push({ index: cards.length, truth: null, own: null, last: -1, due: day });
      }
      for (const card of cards) {
        if (made >= reviews) break;
        if (card.due > day) continue;
        const hour = 8 + uniformInt(rng, 0, 13);
        const reviewedAt = new Date(first + day * DAY_MS + hour * 3_600_000 + uniformInt(rng, 0, 3_599_999));
        const u = chance();
        let rating: number;
        if (card.truth === null) {
          rating = u < 0.2 ? 1 : u < 0.35 ? 2 : u < 0.9 ? 3 : 4;
          card.truth = truth.next_state(null, 0, rating as 1);
        } else {
          const elapsed = day - card.last;
          const recalled = chance() < truth.forgetting_curve(elapsed, card.truth.stability);
          rating = !recalled ? 1 : u < 0.15 ? 2 : u < 0.9 ? 3 : 4;
          card.truth = truth.next_state(card.truth, elapsed, rating as 1);
        }
        card.own = scheduler.next_state(card.own, card.last < 0 ? 0 : day - card.last, rating as 1);
        const interval = Math.max(1, scheduler.next_interval(card.own.stability, 0));
        const jitter = 0.8 + chance() * 0.7;
        card.last = day;
        card.due = day + Math.max(1, Math.round(interval * jitter));
        const itemId = options.itemIds?.[card.index] ?? card.index + 1;
        log.push({ studentId, itemId, rating, reviewedAt, timeZone: null });
        made += 1;
      }
    }
  }
  return log.sort(
    (a, b) =>
      a.studentId - b.studentId || a.itemId - b.itemId || a.reviewedAt.getTime() - b.reviewedAt.getTime(),
  );
}
