import { beforeEach, describe, expect, it } from "vitest";
import { keepPendingJoinCode, takePendingJoinCode } from "./pending-join.ts";

describe("a join code kept through sign-in", () => {
  beforeEach(() => localStorage.clear());

  it("keeps a valid code, normalised, and hands it over once", () => {
    keepPendingJoinCode("abcd-2345");
    expect(takePendingJoinCode()).toBe("ABCD2345");
    expect(takePendingJoinCode()).toBeNull();
  });

  it("keeps nothing that cannot be a code", () => {
    keepPendingJoinCode("../../admin");
    keepPendingJoinCode("ABCD234O");
    expect(takePendingJoinCode()).toBeNull();
  });
});
