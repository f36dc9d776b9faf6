import { default_w } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { STUDENT_FIT_MIN_REVIEWS } from "#shared/schemas/pacing.ts";
import { type Catalogue, gradingRules } from "../student-practice/practice-catalogue.ts";
import { fitInput } from "./fit-data.ts";
import { runFit } from "./fit-runner.ts";
import { isBetter } from "./scheduling-fit.service.ts";
import { simulateClass, UNLIKE_DEFAULTS } from "./simulated-class.ts";

/**
 * The fit on simulated classes, with the real binding in its child process: a class whose memory
 * follows parameters unlike FSRS's defaults is predicted better by the fit; a class that follows
 * the defaults keeps them.
 */
async function fitClass(truth: readonly number[]) {
  const log = simulateClass({ students: 40, reviews: 100, truth, seed: 20261207 });
  const input = fitInput(log, 1);
  expect(input.students).toBe(40);
  expect(input.heldOutStudents).toBe(8);
  const reply = await runFit({ defaults: [...default_w], tasks: [input.classTask] });
  if (!reply.ok) throw new Error(reply.reason);
  const [result] = reply.results;
  if (!result?.ok) throw new Error(result?.reason ?? "no result");
  return result;
}

describe("fitting a class's FSRS parameters", () => {
  it("predicts held-out students' reviews better when the class's memory is unlike the defaults", async () => {
    const result = await fitClass(UNLIKE_DEFAULTS);
    expect(result.parameters).toHaveLength(21);
    expect(result.testItems).toBeGreaterThan(500);
    // At least 0.005 lower log loss on the held-out students' reviews, and a lower RMSE.
    expect(result.fitted.logLoss).toBeLessThanOrEqual(result.defaults.logLoss - 0.005);
    expect(result.fitted.rmse).toBeLessThan(result.defaults.rmse);
    expect(isBetter(result.defaults, result.fitted)).toBe(true);
    // The decay it finds is steeper than the defaults', as the class's is.
    expect(result.parameters[20]).toBeGreaterThan((default_w[20] ?? 0) + 0.05);
  }, 60_000);

  it("keeps the defaults for a class whose memory follows them", async () => {
    const result = await fitClass(default_w);
    expect(isBetter(result.defaults, result.fitted)).toBe(false);
  }, 60_000);

  it("answers a reason, not a crash, when the child is stopped", async () => {
    const input = fitInput(simulateClass({ students: 12, reviews: 60, truth: default_w, seed: 3 }), 1);
    const reply = await runFit(
      { defaults: [...default_w], tasks: [input.classTask] },
      { timeoutMs: 1, memoryLimitMb: 256 },
    );
    expect(reply).toEqual({ ok: false, reason: "the fit took longer than 0 s" });
  });

  it("skips cards whose later reviews are all on the same day (they would abort the binding)", async () => {
    const start = new Date("2026-03-02T09:00:00Z");
    const log = simulateClass({ students: 12, reviews: 60, truth: default_w, seed: 5, start });
    // Two same-day reviews of a card nobody reviewed on a later day.
    for (const minutes of [0, 10]) {
      log.push({
        studentId: 1,
        itemId: 999,
        rating: 3,
        reviewedAt: new Date(start.getTime() + minutes * 60_000),
        timeZone: null,
      });
    }
    const reply = await runFit({ defaults: [...default_w], tasks: [fitInput(log, 1).classTask] });
    expect(reply.ok).toBe(true);
  }, 60_000);
});

describe("a student's own parameters", () => {
  it("get a task of their own only from STUDENT_FIT_MIN_REVIEWS long-term reviews", () => {
    const class_ = simulateClass({ students: 10, reviews: 100, truth: default_w, seed: 9 });
    const keen = simulateClass({
      students: 1,
      reviews: 1400,
      truth: default_w,
      seed: 10,
      studentIds: [77],
    });
    const input = fitInput([...class_, ...keen], 1);
    expect(input.studentTasks.map((task) => task.key)).toEqual([77]);
    const [own] = input.studentTasks;
    expect(own?.lengths.length).toBeGreaterThanOrEqual(STUDENT_FIT_MIN_REVIEWS);
    // About a fifth of their cards' items held out.
    const held = own?.heldOut.reduce((sum, flag) => sum + flag, 0) ?? 0;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(own?.lengths.length ?? 0);
  });

  it("are used for that student, the class's for the others, the defaults when switched off", () => {
    const classWeights = [...UNLIKE_DEFAULTS];
    const own = [...default_w];
    const catalogue = {
      scheduling: {
        fittedScheduling: true,
        classWeights,
        studentWeights: new Map([[77, own]]),
        ownLaunch: null,
        launchMilestones: [],
      },
    } as unknown as Catalogue;
    const at = new Date("2026-09-01T09:00:00Z");
    expect(gradingRules(catalogue, 77, at).weights).toBe(own);
    expect(gradingRules(catalogue, 78, at).weights).toBe(classWeights);
    catalogue.scheduling.fittedScheduling = false;
    expect(gradingRules(catalogue, 77, at).weights).toBeNull();
  });
});
