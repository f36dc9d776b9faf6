import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_MESSAGES, type TeamsView } from "#shared/schemas/teams.ts";
import { readCsv } from "../../lib/csv.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** Teams: formed from the survey, at random or by hand; moved, locked, published, exported. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Account, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined ? { payload } : {}) } as never);

let joins = 0;
async function join(student: Account, joinCode: string) {
  joins += 1;
  const reply = await t.app.inject({
    method: "POST",
    url: "/api/student/join",
    headers: student.headers,
    remoteAddress: `10.${Math.floor(joins / 250)}.7.${joins % 250}`,
    payload: { code: joinCode },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** A project with `count` enrolled students named Student 01, Student 02, … */
async function classOf(count: number) {
  const project = await createProjectViaApi(t.app, owner.headers);
  const students: Account[] = [];
  for (let index = 1; index <= count; index += 1) {
    const student = await signedInFaculty(t.app, t.database.db, {
      role: "student",
      name: `Student ${String(index).padStart(2, "0")}`,
    });
    await join(student, project.joinCode);
    students.push(student);
  }
  return { project, students };
}

const names = (view: TeamsView) => view.teams.map((team) => team.members.map((member) => member.name));

describe("forming teams", () => {
  it("groups similar answers by the survey's criteria, the same way for the same seed", async () => {
    const { project, students } = await classOf(8);
    const opened = await call("POST", `/api/projects/${project.id}/team-survey`, owner, {
      criteria: [{ title: "Prior knowledge", kind: "scale", mode: "similar", weight: 5 }],
      availability: false,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // Odd students know the concepts well (5), even ones hardly (1).
    for (const [index, student] of students.entries()) {
      const answer = await call("PUT", `/api/student/projects/${project.id}/team-survey`, student, {
        answers: { q1: index % 2 === 0 ? 5 : 1 },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const formed = await call("POST", `/api/projects/${project.id}/teams/form`, owner, {
      size: 4,
      method: "criteria",
      seed: 7,
    });
    expect(formed.statusCode, formed.body).toBe(200);
    const view = formed.json() as TeamsView;
    expect(view.plan).toMatchObject({ size: 4, method: "criteria", note: null, publishedAt: null });
    expect(view.teams.map((team) => team.name)).toEqual(["Team 1", "Team 2"]);
    expect(names(view).map((team) => team.sort())).toEqual(
      expect.arrayContaining([
        ["Student 01", "Student 03", "Student 05", "Student 07"],
        ["Student 02", "Student 04", "Student 06", "Student 08"],
      ]),
    );
    expect(view.score).toEqual({ min: 1, mean: 1 });
    expect(view.unassigned).toEqual([]);

    const again = await call("POST", `/api/projects/${project.id}/teams/form`, owner, {
      size: 4,
      method: "criteria",
      seed: 7,
    });
    expect(names(again.json())).toEqual(names(view));

    // At random, the same class mixes them, and the scores say what lowered them.
    const random = (
      await call("POST", `/api/projects/${project.id}/teams/form`, owner, {
        size: 4,
        method: "random",
        seed: 1,
      })
    ).json() as TeamsView;
    expect(random.plan?.method).toBe("random");
    expect(random.score?.min).toBeLessThan(1);
    expect(random.teams.flatMap((team) => team.lowered.map((lowered) => lowered.reason))).toContain("q1");
  });

  it("makes sizes as even as possible and says so when the class does not divide, or empty teams by hand", async () => {
    const { project } = await classOf(10);
    const formed = (
      await call("POST", `/api/projects/${project.id}/teams/form`, owner, {
        size: 4,
        method: "random",
        seed: 3,
      })
    ).json() as TeamsView;
    expect(formed.teams.map((team) => team.members.length)).toEqual([4, 3, 3]);
    expect(formed.plan?.note).toBe("10 students do not make teams of 4: 1 team of 4 and 2 teams of 3");
    const manual = (
      await call("POST", `/api/projects/${project.id}/teams/form`, owner, { size: 5, method: "manual" })
    ).json() as TeamsView;
    expect(manual.teams.map((team) => team.members.length)).toEqual([0, 0]);
    expect(manual.unassigned).toHaveLength(10);
    expect(manual.plan?.note).toBeNull();
  });
});

describe("editing, locking and publishing", () => {
  it("moves students, keeps a locked team when forming again, publishes and exports", async () => {
    const { project, students } = await classOf(6);
    const base = `/api/projects/${project.id}/teams`;
    expect((await call("PUT", `${base}/published`, owner, { published: true })).json().message).toBe(
      TEAM_MESSAGES.noTeams,
    );
    let view = (
      await call("POST", `${base}/form`, owner, { size: 3, method: "random", seed: 5 })
    ).json() as TeamsView;
    const [first, second] = view.teams;
    if (!first || !second) throw new Error("two teams expected");
    const mover = first.members[0];
    if (!mover) throw new Error("a member expected");

    view = (await call("POST", `${base}/move`, owner, { studentId: mover.id, teamId: second.id })).json();
    expect(view.teams[1]?.members.map((member) => member.id)).toContain(mover.id);
    expect(view.teams[0]?.members).toHaveLength(2);

    // Locked: no one moves in or out, and forming again keeps it as it is.
    view = (
      await call("PUT", `/api/teams/${second.id}`, owner, { locked: true, name: "Harbour team" })
    ).json();
    expect(view.teams[1]).toMatchObject({ name: "Harbour team", locked: true });
    const refused = await call("POST", `${base}/move`, owner, { studentId: mover.id, teamId: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEAM_MESSAGES.locked("Harbour team"));
    const lockedMembers = view.teams[1]?.members.map((member) => member.id).sort();
    view = (await call("POST", `${base}/form`, owner, { size: 2, method: "random", seed: 9 })).json();
    expect(view.teams[0]).toMatchObject({ name: "Harbour team", locked: true });
    expect(view.teams[0]?.members.map((member) => member.id).sort()).toEqual(lockedMembers);
    expect(view.teams.map((team) => team.name)).toEqual(["Harbour team", "Team 2"]);

    // Students see nothing before publishing; then their own team only.
    const inTeam = view.teams[1]?.members[0];
    const student = students.find((candidate) => candidate.faculty.id === inTeam?.id);
    if (!student) throw new Error("a student of Team 2 expected");
    const mine = `/api/student/projects/${project.id}/team`;
    expect((await call("GET", mine, student)).json()).toEqual({ team: null });
    view = (await call("PUT", `${base}/published`, owner, { published: true })).json();
    expect(view.plan?.publishedAt).not.toBeNull();
    expect((await call("GET", mine, student)).json()).toEqual({
      team: { name: "Team 2", members: view.teams[1]?.members },
    });
    const formAgain = await call("POST", `${base}/form`, owner, { size: 2, method: "random" });
    expect(formAgain.statusCode).toBe(409);
    expect(formAgain.json().message).toBe(TEAM_MESSAGES.published);

    // A student who joins after publishing is unassigned; the teams stay as they were.
    // Her name starts like a spreadsheet formula: the CSV must not let it run.
    const late = await signedInFaculty(t.app, t.database.db, { role: "student", name: "=Zoe Late" });
    await join(late, project.joinCode);
    const after = (await call("GET", base, owner)).json() as TeamsView;
    expect(after.unassigned).toEqual([{ id: late.faculty.id, name: "=Zoe Late" }]);
    expect(names(after)).toEqual(names(view));
    expect((await call("GET", mine, late)).json()).toEqual({ team: null });

    const csv = await call("GET", `${base}.csv`, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("'=Zoe Late");
    const rows = readCsv(csv.body).map((row) => row.cells);
    expect(rows[0]).toEqual(["Team", "Student"]);
    expect(rows.slice(1)).toHaveLength(7);
    expect(rows.at(-1)).toEqual(["", "=Zoe Late"]);

    expect((await call("DELETE", base, owner)).statusCode).toBe(204);
    expect((await call("GET", base, owner)).json()).toMatchObject({ plan: null, teams: [], score: null });
  });

  it("refuses a size that is no team, a student or team outside the project, with the field named", async () => {
    const { project } = await classOf(2);
    const { project: other } = await classOf(1);
    const base = `/api/projects/${project.id}/teams`;
    const small = await call("POST", `${base}/form`, owner, { size: 1, method: "random" });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toContain("size must be at least 2");
    const elsewhere = (
      await call("POST", `/api/projects/${other.id}/teams/form`, owner, { size: 2, method: "random" })
    ).json();
    const view = (
      await call("POST", `${base}/form`, owner, { size: 2, method: "random" })
    ).json() as TeamsView;
    const student = view.teams[0]?.members[0];
    const outsider = elsewhere.teams[0].members[0];
    const wrongTeam = await call("POST", `${base}/move`, owner, {
      studentId: student?.id,
      teamId: elsewhere.teams[0].id,
    });
    expect(wrongTeam.statusCode).toBe(400);
    expect(wrongTeam.json().message).toBe(TEAM_MESSAGES.teamOfAnotherProject);
    const wrongStudent = await call("POST", `${base}/move`, owner, { studentId: outsider.id, teamId: null });
    expect(wrongStudent.statusCode).toBe(400);
    expect(wrongStudent.json().message).toBe(TEAM_MESSAGES.notEnrolled);
  });
});

describe("who may see and change teams", () => {
  it("answers 404 to another instructor, 403 to a student, and nothing to a student of another project", async () => {
    const { project, students } = await classOf(2);
    const { students: others } = await classOf(1);
    const view = (
      await call("POST", `/api/projects/${project.id}/teams/form`, owner, { size: 2, method: "random" })
    ).json() as TeamsView;
    await call("PUT", `/api/projects/${project.id}/teams/published`, owner, { published: true });
    const teamId = view.teams[0]?.id;
    for (const [method, url, payload] of [
      ["GET", `/api/projects/${project.id}/teams`],
      ["POST", `/api/projects/${project.id}/teams/form`, { size: 2, method: "random" }],
      [
        "POST",
        `/api/projects/${project.id}/teams/move`,
        { studentId: students[0]?.faculty.id, teamId: null },
      ],
      ["PUT", `/api/projects/${project.id}/teams/published`, { published: false }],
      ["GET", `/api/projects/${project.id}/teams.csv`],
      ["PUT", `/api/teams/${teamId}`, { locked: true }],
      ["DELETE", `/api/projects/${project.id}/teams`],
    ] as const) {
      expect((await call(method, url, otherInstructor, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, students[0] as Account, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    expect(
      (await call("GET", `/api/student/projects/${project.id}/team`, others[0] as Account)).statusCode,
    ).toBe(404);
    expect((await call("GET", `/api/student/projects/${project.id}/team`, owner)).statusCode).toBe(403);
  });
});
