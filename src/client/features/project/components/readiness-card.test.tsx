import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import { PACING_DEFAULTS, type PacingOptions, type Readiness } from "#shared/schemas/pacing.ts";
import { ReadinessCard } from "./readiness-card.tsx";

const { answer } = stubFetch();

const READINESS: Readiness = {
  status: "review",
  message: null,
  launch: { date: "2027-02-01T09:00:00.000Z", milestone: { id: 3, title: "Launch: model the outbreak" } },
  threshold: 0.8,
  launchWaitsForReadiness: false,
  studentCount: 2,
  verdict: "Review first: Derivatives",
  why: "Predicted recall at the launch is below 80 % on average, or more than 20 % of the class is below it, for Derivatives (mean 71 %, 1 of 2 students below 80 %).",
  concepts: [
    { pivotCardId: 1, title: "Limits", meanRecall: 0.93, studentsBelow: 0, shareBelow: 0, ready: true },
    {
      pivotCardId: 2,
      title: "Derivatives",
      meanRecall: 0.714,
      studentsBelow: 1,
      shareBelow: 0.5,
      ready: false,
    },
  ],
  students: [
    {
      studentId: 9,
      name: "Ben Student",
      meanRecall: 0.7,
      concepts: [{ pivotCardId: 2, title: "Derivatives", recall: 0.48 }],
    },
  ],
};

describe("the launch readiness card", () => {
  it("shows the verdict, each concept's figures and who needs review, and makes the launch wait", async () => {
    let readiness = READINESS;
    const sent = answer({
      "GET /api/projects/7/readiness": () => Response.json(readiness),
      "GET /api/projects/7": () => Response.json({}),
      "PATCH /api/projects/7/pacing": (body) => {
        readiness = {
          ...readiness,
          launchWaitsForReadiness: (body as PacingOptions).launchWaitsForReadiness,
        };
        return Response.json({ ...PACING_DEFAULTS, ...(body as object) });
      },
    });
    renderWithQueries(<ReadinessCard projectId={7} />);
    expect(await screen.findByText("Review first: Derivatives")).toBeTruthy();
    expect(screen.getByText(/Derivatives \(mean 71 %, 1 of 2 students below 80 %\)/)).toBeTruthy();
    expect(screen.getByText("Launch milestone: Launch: model the outbreak, due Feb 1, 2027.")).toBeTruthy();
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "ConceptMean predicted recallStudents below 80 %Verdict",
      "Limits93 %0 of 2Holds",
      "Derivatives71 %1 of 2Review first",
    ]);
    expect(
      within(screen.getByRole("list", { name: "Students who most need review" })).getByRole("listitem"),
    ).toHaveProperty("textContent", "Ben Student: Derivatives 48 %");

    const wait = screen.getByRole("checkbox", { name: "Launch: model the outbreak waits for readiness" });
    expect((wait as HTMLInputElement).checked).toBe(false);
    await userEvent.click(wait);
    expect(sent["PATCH /api/projects/7/pacing"]).toEqual([{ launchWaitsForReadiness: true }]);
    await screen.findByText("Review first: Derivatives");
    await waitFor(() =>
      expect(
        (
          screen.getByRole("checkbox", {
            name: "Launch: model the outbreak waits for readiness",
          }) as HTMLInputElement
        ).checked,
      ).toBe(true),
    );
  });

  it("says what is missing, and turns readiness back on", async () => {
    let readiness: Readiness = {
      ...READINESS,
      status: "off",
      message: "Launch readiness is off for this project.",
      verdict: null,
      why: null,
      concepts: [],
      students: [],
    };
    const sent = answer({
      "GET /api/projects/7/readiness": () => Response.json(readiness),
      "GET /api/projects/7": () => Response.json({}),
      "PATCH /api/projects/7/pacing": () => {
        readiness = READINESS;
        return Response.json(PACING_DEFAULTS);
      },
    });
    renderWithQueries(<ReadinessCard projectId={7} />);
    expect(await screen.findByText("Launch readiness is off for this project.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Turn launch readiness on" }));
    expect(sent["PATCH /api/projects/7/pacing"]).toEqual([{ readiness: true }]);
    expect(await screen.findByText("Review first: Derivatives")).toBeTruthy();
  });

  it("saves the threshold and a launch date of one's own from the settings", async () => {
    const sent = answer({
      "GET /api/projects/7/readiness": () => Response.json(READINESS),
      "GET /api/projects/7": () => Response.json({}),
      "GET /api/projects/7/pacing": () => Response.json(PACING_DEFAULTS),
      "PATCH /api/projects/7/pacing": (body) => Response.json({ ...PACING_DEFAULTS, ...(body as object) }),
    });
    renderWithQueries(<ReadinessCard projectId={7} />);
    await userEvent.click(await screen.findByRole("button", { name: "Readiness settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Readiness settings" });
    await userEvent.selectOptions(await within(dialog).findByLabelText("Threshold"), "85 %");
    await userEvent.type(within(dialog).getByLabelText("Launch date (optional)"), "2027-03-01");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save the settings" }));
    const [body] = sent["PATCH /api/projects/7/pacing"] as PacingOptions[];
    expect(body?.readinessThreshold).toBe(0.85);
    expect(body?.readiness).toBe(true);
    expect(new Date(body?.launchDate ?? "").getDate()).toBe(1);
    expect(await screen.findByText("Review first: Derivatives")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
