import { describe, expect, it } from "vitest";
import {
  classSizeOf,
  completionLabel,
  completionRate,
  describeEvent,
  engagementLevel,
  engagementRate,
  focusScore,
  inWindow,
  monthlyGrowth,
  parseClassSize,
  rangeWindow,
  windowDays,
} from "./analytics.ts";

const now = new Date("2026-09-01T09:00:00.000Z");
const DAY = 86_400_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("range windows", () => {
  it.each([
    ["7d", 7],
    ["30d", 30],
    ["90d", 90],
    ["1y", 365],
  ] as const)("%s holds an event exactly %i days old and not one a millisecond older", (range, days) => {
    const window = rangeWindow(range, now);
    expect(window.days).toBe(days);
    expect(inWindow(ago(days * DAY), window)).toBe(true);
    expect(inWindow(ago(days * DAY + 1), window)).toBe(false);
    expect(inWindow(now, window)).toBe(true);
    expect(inWindow(new Date(now.getTime() + 1), window)).toBe(false);
  });

  it("lists the UTC days a window touches, both ends included", () => {
    const days = windowDays(rangeWindow("7d", now));
    expect(days).toHaveLength(8);
    expect(days[0]).toBe("2026-08-25");
    expect(days.at(-1)).toBe("2026-09-01");
    expect(windowDays(rangeWindow("1y", now))).toHaveLength(366);
  });
});

describe("figures", () => {
  it("extrapolates the range's events to a month", () => {
    expect(monthlyGrowth(14, 7)).toBe(60);
    expect(monthlyGrowth(30, 30)).toBe(30);
    expect(monthlyGrowth(90, 90)).toBe(30);
    expect(monthlyGrowth(100, 365)).toBe(8);
    expect(monthlyGrowth(0, 7)).toBe(0);
    expect(monthlyGrowth(5, 0)).toBe(0);
  });

  it("makes the Focus Score the completion rate over 10, rounded", () => {
    expect(focusScore(0)).toBe(0);
    expect(focusScore(44)).toBe(4);
    expect(focusScore(45)).toBe(5);
    expect(focusScore(67)).toBe(7);
    expect(focusScore(100)).toBe(10);
  });

  it("grades engagement: more than 50 High, more than 20 Medium, else Low", () => {
    expect(engagementLevel(0)).toBe("Low");
    expect(engagementLevel(20)).toBe("Low");
    expect(engagementLevel(21)).toBe("Medium");
    expect(engagementLevel(50)).toBe("Medium");
    expect(engagementLevel(51)).toBe("High");
  });

  it("shows Excellent only above 80", () => {
    expect(completionLabel(80)).toBe("Good");
    expect(completionLabel(81)).toBe("Excellent");
    expect(completionLabel(0)).toBe("Good");
  });

  it("rounds completion and engagement rates, 0 with nothing to count", () => {
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(0, 0)).toBe(0);
    expect(engagementRate(10, 40)).toBe(25);
    expect(engagementRate(60, 25)).toBe(100);
    expect(engagementRate(3, 0)).toBe(0);
  });

  it("reads a class size from the methodology, else 25", () => {
    expect(parseClassSize("30")).toBe(30);
    expect(parseClassSize("about 40 students")).toBe(40);
    expect(parseClassSize("25-30")).toBe(25);
    expect(parseClassSize("")).toBeNull();
    expect(parseClassSize("a small seminar")).toBeNull();
    expect(parseClassSize("0")).toBeNull();
    expect(parseClassSize("10001")).toBeNull();
    expect(classSizeOf("18 students")).toEqual({ size: 18, source: "methodology" });
    expect(classSizeOf(" ")).toEqual({ size: 25, source: "default" });
    expect(classSizeOf(undefined)).toEqual({ size: 25, source: "default" });
  });
});

describe("events in words", () => {
  it("labels each type and says what it was about", () => {
    expect(describeEvent("project_created", { title: "Harbour Study" })).toBe(
      "Project Created: Harbour Study",
    );
    expect(describeEvent("project_updated", { fields: ["title", "status"] }, "Harbour Study")).toBe(
      "Project Updated: Harbour Study, changed title, status",
    );
    expect(describeEvent("objective_converted", { discipline: "chemistry" })).toBe(
      "Objective Converted: chemistry",
    );
    expect(describeEvent("template_used", { templateName: "River Lab" })).toBe("Template Used: River Lab");
    expect(describeEvent("collaboration_added", { contributionType: "suggestion" }, "Harbour Study")).toBe(
      "Student Contribution: a suggestion on Harbour Study",
    );
    expect(describeEvent("collaboration_added", {})).toBe("Student Contribution");
    expect(describeEvent("project_updated", {})).toBe("Project Updated");
  });

  it("names a project's changed methodology answers by the wizard's labels", () => {
    const fields = ["methodology.pivotConcepts", "methodology.assessmentBoundaries", "methodology.timeline"];
    expect(describeEvent("project_updated", { fields }, "Harbour Study")).toBe(
      "Project Updated: Harbour Study, changed core concepts, assessment boundaries, project timeline",
    );
    // Events recorded before the answers were told apart keep their word.
    expect(describeEvent("project_updated", { fields: ["methodology", "title"] }, "Harbour Study")).toBe(
      "Project Updated: Harbour Study, changed methodology, title",
    );
    // The project's discipline and the methodology's are one word.
    expect(
      describeEvent("project_updated", { fields: ["discipline", "methodology.discipline"] }, "Harbour Study"),
    ).toBe("Project Updated: Harbour Study, changed discipline");
  });
});
