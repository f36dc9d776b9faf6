import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudentMilestone } from "#shared/schemas/milestones.ts";
import { MilestoneTimeline } from "./milestone-timeline.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const milestone = (
  id: number,
  title: string,
  dueInDays: number,
  overrides: Partial<StudentMilestone> = {},
) => ({
  id,
  projectId: 4,
  title,
  stage: "launch" as const,
  dueAt: new Date(Date.now() + dueInDays * DAY).toISOString(),
  description: "",
  deliverables: [],
  closed: false,
  submitted: false,
  feedbackReleased: false,
  ...overrides,
});

describe("the student's milestones timeline", () => {
  it("marks the first open one not handed in as Due next, and links each to the student's milestone page", async () => {
    const milestones = [
      milestone(1, "Past one", -2, { submitted: true, feedbackReleased: true }),
      milestone(2, "Handed in early", 3, { submitted: true }),
      milestone(3, "Next to do", 6),
      milestone(4, "Later", 20),
    ];
    fetchMock.mockImplementation(async () => Response.json({ milestones }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MilestoneTimeline projectId={4} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole("list", { name: "Milestones in due order" });
    const items = within(list).getAllByTestId("milestone-item");
    expect(items.map((item) => item.textContent?.includes("Due next"))).toEqual([false, false, true, false]);
    expect(items[0]?.textContent).toContain("Submitted");
    expect(items[0]?.textContent).toContain("Feedback released");
    expect(items[3]?.textContent).toContain("Not submitted");
    expect(
      within(items[2] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/student/projects/4/milestones/3");
    expect(within(list).getByTestId("today-marker")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
