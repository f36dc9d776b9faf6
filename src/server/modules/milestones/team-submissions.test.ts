import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MILESTONE_MESSAGES } from "#shared/schemas/milestones.ts";
import type {
  MilestoneSubmissions,
  StudentMilestone,
  SubmissionDetail,
} from "#shared/schemas/submissions.ts";
import { SUBMISSION_MESSAGES } from "#shared/schemas/submissions.ts";
import type { TeamsView } from "#shared/schemas/teams.ts";
import { readCsv } from "../../lib/csv.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { rubricTable } from "./milestones.table.ts";

/**
 * A team milestone: one submission per team, any member of a published team hands it in, every
 * member reads the team's versions and released feedback, and the team's score is each member's.
 */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let ada: Account;
let ben: Account;
let cleo: Account;
let dev: Account;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, who: Account, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const criteria = [
  {
    id: "evidence",
    title: "Evidence",
    weight: 1,
    levels: [
      { title: "Strong", descriptor: "Cited and weighed", points: 4 },
      { title: "Partial", descriptor: "Cited", points: 2 },
    ],
  },
];

let project: { id: number; joinCode: string; title: string };
let rubricId: number;
/** Team 1: Ada and Ben; Team 2: Cleo; Dev is in no team. */
let teams: TeamsView["teams"];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ada Student" });
  ben = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ben Student" });
  cleo = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Cleo Student" });
  dev = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Dev Student" });
  project = await createProjectViaApi(t.app, owner.headers, { title: "Team Lab" });
  for (const [index, student] of [ada, ben, cleo, dev].entries()) {
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/student/join",
      headers: student.headers,
      remoteAddress: `10.9.9.${index + 1}`,
      payload: { code: project.joinCode },
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  const [rubric] = await t.database.db
    .insert(rubricTable)
    .values({ facultyId: owner.faculty.id, title: "Team rubric", criteria })
    .returning();
  rubricId = rubric?.id ?? 0;
  const base = `/api/projects/${project.id}/teams`;
  const formed = await call("POST", `${base}/form`, owner, { size: 2, method: "manual" });
  expect(formed.statusCode, formed.body).toBe(200);
  const [first, second] = (formed.json() as TeamsView).teams;
  if (!first || !second) throw new Error("two teams expected");
  for (const [student, teamId] of [
    [ada, first.id],
    [ben, first.id],
    [cleo, second.id],
  ] as const) {
    const moved = await call("POST", `${base}/move`, owner, { studentId: student.faculty.id, teamId });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  teams = (await call("GET", base, owner)).json().teams;
});
afterAll(() => t?.close());

async function teamMilestone(title: string) {
  const reply = await call("POST", `/api/projects/${project.id}/milestones`, owner, {
    title,
    stage: "launch",
    dueAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    rubricId,
    teamSubmission: true,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number; title: string };
}

async function uploaded(who: Account, milestoneId: number, fileName: string, body: Buffer) {
  const address = await call("POST", `/api/milestones/${milestoneId}/submissions/upload-url`, who, {
    fileName,
  });
  expect(address.statusCode).toBe(200);
  const url = new URL(address.json().uploadURL, "http://localhost");
  const sent = await t.app.inject({
    method: "PUT",
    url: `${url.pathname}${url.search}`,
    headers: who.headers,
    payload: body,
  });
  expect(sent.statusCode).toBe(200);
  return url.pathname.split("/").pop() ?? "";
}

const handIn = (who: Account, milestoneId: number, payload: Record<string, unknown>) =>
  call("POST", `/api/milestones/${milestoneId}/submissions`, who, payload);
const studentView = async (who: Account, milestoneId: number) => {
  const reply = await call("GET", `/api/student/milestones/${milestoneId}`, who);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as StudentMilestone;
};
const publish = (published: boolean) =>
  call("PUT", `/api/projects/${project.id}/teams/published`, owner, { published });

describe("a team milestone", () => {
  it("takes one member's work and another's revision as the team's versions 1 and 2, read by both", async () => {
    const pitch = await teamMilestone("Team pitch");
    // Before the teams are published, no student is in a team yet.
    const early = await handIn(ada, pitch.id, { text: "Too early" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SUBMISSION_MESSAGES.notInTeam);
    // Nor is a file taken from them: no upload address either.
    const address = await call("POST", `/api/milestones/${pitch.id}/submissions/upload-url`, ada, {
      fileName: "pitch.pdf",
    });
    expect(address.statusCode).toBe(409);
    expect(address.json().message).toBe(SUBMISSION_MESSAGES.notInTeam);
    expect((await studentView(ada, pitch.id)).team).toBeNull();
    expect((await publish(true)).statusCode).toBe(200);

    const uploadId = await uploaded(ada, pitch.id, "plan.txt", Buffer.from("Our plan\n"));
    const first = await handIn(ada, pitch.id, { text: "Our pitch", uploadIds: [uploadId] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ version: 1, studentId: ada.faculty.id });
    const second = await handIn(ben, pitch.id, { text: "Our revised pitch" });
    expect(second.json()).toMatchObject({ version: 2, studentId: ben.faculty.id });

    for (const member of [ada, ben]) {
      const view = await studentView(member, pitch.id);
      expect(view.milestone.teamSubmission).toBe(true);
      expect(view.team).toEqual({
        name: "Team 1",
        members: [
          { id: ada.faculty.id, name: "Ada Student" },
          { id: ben.faculty.id, name: "Ben Student" },
        ],
      });
      expect(view.versions.map((version) => [version.version, version.studentId])).toEqual([
        [1, ada.faculty.id],
        [2, ben.faculty.id],
      ]);
      expect(view.versions.every((version) => version.feedback === null)).toBe(true);
    }

    // The timeline and the due list count the team's work as each member's.
    const timeline = async (who: Account) =>
      (await call("GET", `/api/student/projects/${project.id}/milestones`, who))
        .json()
        .milestones.find((milestone: { id: number }) => milestone.id === pitch.id)?.submitted;
    expect([await timeline(ada), await timeline(ben), await timeline(cleo)]).toEqual([true, true, false]);
    const due = (await call("GET", "/api/student/milestones/due", ben)).json();
    expect(due.milestones.find((milestone: { id: number }) => milestone.id === pitch.id)?.submitted).toBe(
      true,
    );

    // Every member downloads the team's files; another team's student and a student in no team do not.
    const fileUrl = `/api/submission-files/${first.json().files[0].id}`;
    const byTeammate = await call("GET", fileUrl, ben);
    expect(byTeammate.statusCode).toBe(200);
    expect(byTeammate.body).toBe("Our plan\n");
    expect((await call("GET", fileUrl, cleo)).statusCode).toBe(404);
    expect((await call("GET", fileUrl, dev)).statusCode).toBe(404);
    const other = await studentView(cleo, pitch.id);
    expect(other.team?.name).toBe("Team 2");
    expect(other.versions).toEqual([]);

    // A student in no team is told so, and sees no work.
    const alone = await handIn(dev, pitch.id, { text: "Mine" });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(SUBMISSION_MESSAGES.notInTeam);
    expect(await studentView(dev, pitch.id)).toMatchObject({ team: null, versions: [] });

    // Switching it to individual submissions is refused now that work is in.
    const switched = await call("PUT", `/api/milestones/${pitch.id}`, owner, {
      title: pitch.title,
      stage: "launch",
      dueAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      rubricId,
      teamSubmission: false,
    });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().message).toBe(MILESTONE_MESSAGES.teamSubmissionLocked);
  });

  it("lists one line per team and the students in no team; the detail names the team and submitter", async () => {
    const pitch = await teamMilestone("Team report");
    await publish(true);
    await handIn(ada, pitch.id, { text: "Harbour study" });
    const revision = (await handIn(ben, pitch.id, { text: "Harbour study, revised" })).json();

    const reply = await call("GET", `/api/milestones/${pitch.id}/submissions`, owner);
    expect(reply.statusCode, reply.body).toBe(200);
    const list = reply.json() as MilestoneSubmissions;
    expect(list.milestone.teamSubmission).toBe(true);
    expect(list.students).toEqual([
      {
        studentId: null,
        teamId: teams[0]?.id,
        name: "Team 1",
        members: [
          { id: ada.faculty.id, name: "Ada Student" },
          { id: ben.faculty.id, name: "Ben Student" },
        ],
        latest: expect.objectContaining({ id: revision.id, version: 2 }),
        versions: 2,
        assessment: null,
      },
      {
        studentId: null,
        teamId: teams[1]?.id,
        name: "Team 2",
        members: [{ id: cleo.faculty.id, name: "Cleo Student" }],
        latest: null,
        versions: 0,
        assessment: null,
      },
      {
        studentId: dev.faculty.id,
        teamId: null,
        name: "Dev Student",
        members: [],
        latest: null,
        versions: 0,
        assessment: null,
      },
    ]);
    const searched = (
      await call("GET", `/api/milestones/${pitch.id}/submissions?q=revised`, owner)
    ).json() as MilestoneSubmissions;
    expect(searched.students.map((line) => line.name)).toEqual(["Team 1"]);

    const detail = (await call("GET", `/api/submissions/${revision.id}`, owner)).json() as SubmissionDetail;
    expect(detail.student).toEqual({ id: ben.faculty.id, name: "Ben Student" });
    expect(detail.team).toMatchObject({
      name: "Team 1",
      members: [{ name: "Ada Student" }, { name: "Ben Student" }],
    });
    expect(detail.versions.map((version) => [version.version, version.studentId])).toEqual([
      [1, ada.faculty.id],
      [2, ben.faculty.id],
    ]);

    const archive = await call("GET", `/api/milestones/${pitch.id}/submissions/archive`, owner);
    const zip = await JSZip.loadAsync(archive.rawPayload);
    const names = Object.values(zip.files)
      .filter((entry) => !entry.dir)
      .map((entry) => entry.name)
      .sort();
    expect(names).toEqual(["Team 1/v1/text.txt", "Team 1/v2/text.txt"]);
  });

  it("gives the team's released feedback to every member and its score to each in the scores and CSV", async () => {
    const pitch = await teamMilestone("Team demo");
    await publish(true);
    await handIn(ada, pitch.id, { text: "Demo" });
    const latest = (await handIn(ben, pitch.id, { text: "Demo, revised" })).json();
    const assessed = await call("PUT", `/api/submissions/${latest.id}/assessment`, owner, {
      scores: [{ criterionId: "evidence", level: 1, comment: "Cite more" }],
      overallComment: "Good start",
      status: "final",
    });
    expect(assessed.statusCode, assessed.body).toBe(200);
    expect((await studentView(ada, pitch.id)).versions[1]?.feedback).toBeNull();
    await call("POST", `/api/milestones/${pitch.id}/feedback-release`, owner);
    for (const member of [ada, ben]) {
      const view = await studentView(member, pitch.id);
      expect(view.versions[1]?.feedback).toMatchObject({ overallComment: "Good start", score: 50 });
    }
    expect((await studentView(cleo, pitch.id)).versions).toEqual([]);

    const list = (await call("GET", `/api/milestones/${pitch.id}/submissions`, owner)).json();
    expect(list.students[0]).toMatchObject({ name: "Team 1", assessment: { status: "final", score: 50 } });

    const scores = (await call("GET", `/api/projects/${project.id}/scores`, owner)).json();
    const column = scores.milestones.findIndex((milestone: { id: number }) => milestone.id === pitch.id);
    expect(scores.milestones[column]).toMatchObject({ enrolled: 4, handedIn: 2, scored: 2, mean: 50 });
    const scoreOf = (student: Account) =>
      scores.students.find((row: { id: number }) => row.id === student.faculty.id)?.scores[column];
    expect([ada, ben, cleo, dev].map(scoreOf)).toEqual([50, 50, null, null]);

    const csv = await call("GET", `/api/projects/${project.id}/scores.csv`, owner);
    const rows = readCsv(csv.body).map((row) => row.cells);
    const header = rows[0] ?? [];
    const at = header.indexOf("Team demo");
    expect(rows.slice(1).map((row) => [row[0], row[at]])).toEqual([
      ["Ada Student", "50"],
      ["Ben Student", "50"],
      ["Cleo Student", ""],
      ["Dev Student", ""],
    ]);
  });

  it("numbers a moved student's hand-in after their earlier ones, and keeps a deleted team's work", async () => {
    const pitch = await teamMilestone("Team retrospective");
    await publish(true);
    const first = (await handIn(cleo, pitch.id, { text: "Team 2's notes" })).json();
    expect(first.version).toBe(1);
    const base = `/api/projects/${project.id}/teams`;
    const moveCleo = (teamId: number | undefined) =>
      call("POST", `${base}/move`, owner, { studentId: cleo.faculty.id, teamId });
    expect((await moveCleo(teams[0]?.id)).statusCode).toBe(200);
    // Team 1 has no version yet, but Cleo's own version 1 is taken: Team 1's first is version 2.
    const moved = await handIn(cleo, pitch.id, { text: "Team 1's notes" });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().version).toBe(2);
    expect((await studentView(ada, pitch.id)).versions.map((version) => version.text)).toEqual([
      "Team 1's notes",
    ]);
    expect((await moveCleo(teams[1]?.id)).statusCode).toBe(200);

    // Teams deleted: their work stays, each version with its submitter, listed as theirs.
    expect((await publish(false)).statusCode).toBe(200);
    expect((await call("DELETE", base, owner)).statusCode).toBe(204);
    const list = (
      await call("GET", `/api/milestones/${pitch.id}/submissions`, owner)
    ).json() as MilestoneSubmissions;
    expect(
      list.students.map((line) => [line.name, line.teamId, line.versions, line.latest?.version]),
    ).toEqual([
      ["Ada Student", null, 0, undefined],
      ["Ben Student", null, 0, undefined],
      ["Cleo Student", null, 2, 2],
      ["Dev Student", null, 0, undefined],
    ]);
  });
});
