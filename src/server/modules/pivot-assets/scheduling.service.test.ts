import { describe, expect, it } from "vitest";
import {
  createSchedulingService,
  REVIEW_ATTEMPTS,
  type ReviewRequest,
  type ScheduleFound,
  type ScheduleStore,
} from "./scheduling.service.ts";
import type { FsrsColumns } from "./scheduling.ts";

const at = new Date("2026-11-24T09:00:00Z");
type Review = ReviewRequest & { itemId: number; index: number; attempt: number };

/** A store in memory: `lose` makes a write of that item lose the race so many times. */
function memoryStore(lose: Map<number, number> = new Map()) {
  const schedules = new Map<string, FsrsColumns>();
  const rounds: number[][] = [];
  const store: ScheduleStore<Review, ScheduleFound> = {
    due: async () => [],
    disciplineOf: () => "",
    async read(round) {
      rounds.push(round.map((request) => request.itemId));
      return round.map((request) =>
        request.itemId < 0
          ? new Error("not found")
          : { schedule: schedules.get(`${request.owner}:${request.itemId}`) ?? null, retention: 0.9 },
      );
    },
    async write(_at, graded) {
      return graded.map(({ request, next }) => {
        const left = lose.get(request.itemId) ?? 0;
        if (left > 0) {
          lose.set(request.itemId, left - 1);
          return false;
        }
        schedules.set(`${request.owner}:${request.itemId}`, next);
        return true;
      });
    },
    lostRace: () => new Error("lost the race"),
  };
  return { store, rounds, schedules };
}

describe("the scheduling service's reviews", () => {
  const scheduling = createSchedulingService({ now: () => at });

  it("grades one review per owner in a round, the owner's next one in the next round", async () => {
    const { store, rounds, schedules } = memoryStore();
    const results = await scheduling.gradeAll(store, [
      { owner: 1, itemId: 10, rating: 3 },
      { owner: 1, itemId: 11, rating: 3 },
      { owner: 2, itemId: 10, rating: 1 },
    ]);
    expect(rounds).toEqual([[10, 10], [11]]);
    expect(results.every((result) => !(result instanceof Error))).toBe(true);
    expect(schedules.get("1:10")?.reps).toBe(1);
    expect(schedules.get("1:11")?.reps).toBe(1);
  });

  it("schedules new items graded alike the same, once", async () => {
    const { store } = memoryStore();
    const [first, second] = await scheduling.gradeAll(store, [
      { owner: 1, itemId: 10, rating: 3 },
      { owner: 2, itemId: 10, rating: 3 },
    ]);
    expect(first instanceof Error || second instanceof Error).toBe(false);
    if (first instanceof Error || second instanceof Error || !first || !second) return;
    expect(first.next).toBe(second.next);
  });

  it("grades a review again while its schedule changes meanwhile, then answers the store's error", async () => {
    const again = memoryStore(new Map([[10, REVIEW_ATTEMPTS - 1]]));
    const [saved] = await scheduling.gradeAll(again.store, [{ owner: 1, itemId: 10, rating: 3 }]);
    expect(saved instanceof Error).toBe(false);
    expect(again.rounds).toHaveLength(REVIEW_ATTEMPTS);

    const lost = memoryStore(new Map([[10, REVIEW_ATTEMPTS]]));
    const [gaveUp] = await scheduling.gradeAll(lost.store, [{ owner: 1, itemId: 10, rating: 3 }]);
    expect((gaveUp as Error).message).toBe("lost the race");
  });

  it("answers a review the store cannot find with the store's error, without writing it", async () => {
    const { store, schedules } = memoryStore();
    const [missing, found] = await scheduling.gradeAll(store, [
      { owner: 1, itemId: -1, rating: 3 },
      { owner: 2, itemId: 10, rating: 3 },
    ]);
    expect((missing as Error).message).toBe("not found");
    expect(found instanceof Error).toBe(false);
    expect([...schedules.keys()]).toEqual(["2:10"]);
  });
});

describe("the scheduling service's due lists", () => {
  it("pages the candidates interleaved by discipline, from INTERLEAVE_POOL times the page", async () => {
    const scheduling = createSchedulingService({ now: () => at });
    const candidates = ["a1", "a2", "a3", "b1", "c1", "b2"];
    const { lists } = await scheduling.dueLists(
      {
        due: async (requests) => requests.map(() => ({ total: 9, candidates })),
        disciplineOf: (candidate: string) => candidate[0] as string,
      },
      [{ limit: 4 }],
    );
    expect(lists).toEqual([{ total: 9, page: ["a1", "b1", "c1", "a2"] }]);
  });
});
