import { describe, expect, it } from "vitest";
import { inProcessNotifier } from "../../db/client.ts";
import type { DashboardReadModel } from "../../read-models/dashboard.read-model.ts";
import type { ObjectiveConversionsRepository } from "../objective-conversions/objective-conversions.repository.ts";
import { createDashboardService } from "./dashboard.service.ts";

function fakeConversions(averages: number[]) {
  let calls = 0;
  let release: (() => void) | undefined;
  const repository = {
    gate: false,
    async stats() {
      const averageRating = averages[Math.min(calls, averages.length - 1)] ?? 0;
      calls += 1;
      if (repository.gate) await new Promise<void>((resolve) => (release = resolve));
      return { totalConversions: 1, disciplines: 1, averageRating };
    },
  };
  return {
    repository: repository as unknown as ObjectiveConversionsRepository & { gate: boolean },
    calls: () => calls,
    release: () => release?.(),
  };
}

/** No projects or contributions: these tests are about the cache. */
const noProjects = {
  projectFigures: async () => ({ active: 0, completed: 0, counted: 0 }),
  engaged: async () => [],
} as unknown as DashboardReadModel;

describe("dashboard stats cache", () => {
  it("answers from memory until something changes or 30 s pass", async () => {
    let clock = 0;
    const fake = fakeConversions([4.25, 3, 2]);
    const dashboard = createDashboardService({
      conversions: fake.repository,
      dashboard: noProjects,
      notifier: inProcessNotifier(),
      now: () => clock,
    });
    expect((await dashboard.statsFor(1)).avgRating).toBe(4.3);
    expect((await dashboard.statsFor(1)).avgRating).toBe(4.3);
    expect(fake.calls()).toBe(1);

    await dashboard.changed(1);
    expect((await dashboard.statsFor(1)).avgRating).toBe(3);
    clock += 30_000;
    expect((await dashboard.statsFor(1)).avgRating).toBe(2);
    expect(fake.calls()).toBe(3);
  });

  it("does not keep a result computed while a change landed", async () => {
    const fake = fakeConversions([5, 1]);
    const dashboard = createDashboardService({
      conversions: fake.repository,
      dashboard: noProjects,
      notifier: inProcessNotifier(),
      now: () => 0,
    });
    fake.repository.gate = true;
    const pending = dashboard.statsFor(7);
    await Promise.resolve();
    await dashboard.changed(7);
    fake.release();
    expect((await pending).avgRating).toBe(5);
    fake.repository.gate = false;
    expect((await dashboard.statsFor(7)).avgRating).toBe(1);
  });

  it("drops a person's figures on every instance that hears the change, and only theirs", async () => {
    const notifier = inProcessNotifier();
    const fake = fakeConversions([4, 2]);
    const instance = () =>
      createDashboardService({ conversions: fake.repository, dashboard: noProjects, notifier, now: () => 0 });
    const [here, there] = [instance(), instance()];
    await Promise.all([here.start(), there.start()]);
    expect((await there.statsFor(5)).avgRating).toBe(4);
    expect((await there.statsFor(6)).avgRating).toBe(2);
    await here.changed(5);
    expect(fake.calls()).toBe(2);
    expect((await there.statsFor(5)).avgRating).toBe(2);
    expect((await there.statsFor(6)).avgRating).toBe(2);
    expect(fake.calls()).toBe(3);
  });
});
