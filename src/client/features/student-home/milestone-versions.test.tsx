import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { StudentMilestone } from "#shared/schemas/submissions.ts";
import { MilestoneTeam, VersionList } from "./milestone-versions.tsx";

afterEach(cleanup);

const withQueries = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

const team: NonNullable<StudentMilestone["team"]> = {
  name: "Harbour team",
  members: [
    { id: 1, name: "Ada Student" },
    { id: 2, name: "Ben Student" },
  ],
};

const version = (id: number, number: number, studentId: number): StudentMilestone["versions"][number] => ({
  id,
  milestoneId: 9,
  studentId,
  version: number,
  text: `Work ${number}`,
  link: null,
  late: false,
  submittedAt: "2026-03-02T17:00:00.000Z",
  files: [],
  feedback: null,
});

describe("a team milestone's lines on the student's milestone page", () => {
  it("names the team and its members, or says the student is in no team yet", () => {
    const { rerender } = render(<MilestoneTeam team={team} />);
    expect(screen.getByText(/Team submission for/).textContent).toBe(
      "Team submission for Harbour team: Ada Student, Ben Student. Any member hands in; all of you see it.",
    );
    rerender(<MilestoneTeam team={null} />);
    expect(screen.getByText(/not in a team yet/)).toBeTruthy();
  });

  it("says who handed in each of the team's versions, a former member too", () => {
    render(
      withQueries(
        <VersionList
          versions={[version(11, 1, 1), version(12, 2, 2), version(13, 3, 7)]}
          rubric={null}
          team={team}
          released={false}
        />,
      ),
    );
    const section = screen.getByRole("region", { name: "Your team's versions" });
    const headings = within(section).getAllByRole("heading", { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(["Version 3", "Version 2", "Version 1"]);
    const lines = within(section)
      .getAllByText(/^Handed in by/)
      .map((line) => line.textContent ?? "");
    expect(lines.map((line) => line.split(",")[0])).toEqual([
      "Handed in by a former member",
      "Handed in by Ben Student",
      "Handed in by Ada Student",
    ]);
  });

  it("keeps an individual milestone's versions as they were", () => {
    render(
      withQueries(<VersionList versions={[version(11, 1, 1)]} rubric={null} team={null} released={false} />),
    );
    expect(screen.getByRole("region", { name: "Your versions" })).toBeTruthy();
    expect(screen.queryByText(/Handed in by/)).toBeNull();
    expect(screen.getByText(/^Handed in /)).toBeTruthy();
  });
});
