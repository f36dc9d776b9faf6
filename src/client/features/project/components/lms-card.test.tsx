import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubFetch } from "#client/test/fetch-routes.tsx";
import type { LtiProjectLink } from "#shared/schemas/lti.ts";
import { LmsCard } from "./lms-card.tsx";

const { fetchMock, answer } = stubFetch();

const link = (overrides: Partial<LtiProjectLink> = {}): LtiProjectLink => ({
  id: "8a0c3f1e-0000-4000-8000-000000000001",
  issuer: "https://canvas.instructure.com",
  institution: "North University",
  courseTitle: "Economics 101",
  rosterAvailable: true,
  gradesAvailable: true,
  rosterSyncedAt: null,
  gradesSentAt: null,
  failedScores: [],
  ...overrides,
});

const renderCard = () => renderWithQueries(<LmsCard projectId={7} />);

describe("the project's LMS card", () => {
  it("is not shown for a project with no LMS course", async () => {
    answer({ "GET /api/projects/7/lti": () => Response.json({ links: [] }) });
    const { container } = renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });

  it("shows each course and its LMS, and tells what a roster sync and a grade send did", async () => {
    answer({
      "GET /api/projects/7/lti": () =>
        Response.json({
          links: [
            link({
              failedScores: [
                { name: "Ben Idle", detail: "the LMS answered 500", attemptedAt: "2026-09-01T09:00:00.000Z" },
              ],
            }),
          ],
        }),
      "POST /api/projects/7/lti/roster-sync": () =>
        Response.json({
          added: 3,
          removed: 1,
          skipped: [{ name: "No Mail", reason: "The LMS did not share their e-mail address." }],
          syncedAt: "2026-09-01T09:00:00.000Z",
        }),
      "POST /api/projects/7/lti/grades": () =>
        Response.json({
          sent: 2,
          failed: [{ name: "Ben Idle", detail: "the LMS answered 500" }],
          skipped: 1,
        }),
    });
    renderCard();
    const courses = await screen.findByRole("list", { name: "LMS courses" });
    expect(within(courses).getByText("Economics 101")).toBeTruthy();
    expect(within(courses).getByText("canvas.instructure.com (North University)")).toBeTruthy();
    expect(within(courses).getByText("Ben Idle: the LMS answered 500")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Sync roster" }));
    const status = screen.getByRole("status");
    expect(await within(status).findByText("Roster synced: 3 added, 1 removed, 1 skipped.")).toBeTruthy();
    expect(within(status).getByText("No Mail: The LMS did not share their e-mail address.")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Send grades" }));
    expect(
      await within(status).findByText(
        "Grades sent: 2 sent, 1 failed, 1 student without an LMS account skipped.",
      ),
    ).toBeTruthy();
    expect(within(status).getByText("Ben Idle: the LMS answered 500")).toBeTruthy();
  });

  it("says why the roster could not be read", async () => {
    answer({
      "GET /api/projects/7/lti": () => Response.json({ links: [link({ gradesAvailable: false })] }),
      "POST /api/projects/7/lti/roster-sync": () =>
        Response.json(
          {
            code: "LTI_ROSTER_UNREADABLE",
            message: "The LMS roster could not be read: the LMS answered 500",
          },
          { status: 502 },
        ),
    });
    renderCard();
    expect((await screen.findByRole("button", { name: "Send grades" })).hasAttribute("disabled")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Sync roster" }));
    expect(
      await within(screen.getByRole("status")).findByText(
        "The LMS roster could not be read: the LMS answered 500",
      ),
    ).toBeTruthy();
  });
});
