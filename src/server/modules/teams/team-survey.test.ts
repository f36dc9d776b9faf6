import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_SURVEY_MESSAGES } from "#shared/schemas/teams.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** The team survey: the owner switches it on and sees who answered; enrolled students answer it. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let ada: Account;
let ben: Account;
let outsider: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ada Student" });
  ben = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ben Student" });
  outsider = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Out Sider" });
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Account, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined ? { payload } : {}) } as never);

let joins = 0;
async function projectWithStudents() {
  const project = await createProjectViaApi(t.app, owner.headers);
  for (const student of [ada, ben]) {
    joins += 1;
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/student/join",
      headers: student.headers,
      remoteAddress: `10.9.0.${joins}`,
      payload: { code: project.joinCode },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }
  return project;
}

const SURVEY = {
  criteria: [
    { title: "Prior knowledge of the pivot concepts", kind: "scale", mode: "similar", weight: 3 },
    {
      title: "Preferred role",
      kind: "choice",
      options: ["Leader", "Researcher", "Presenter"],
      mode: "diverse",
      weight: 2,
    },
    {
      title: "Skills",
      kind: "multi",
      options: ["Statistics", "Writing", "Design"],
      mode: "diverse",
      weight: 1,
    },
  ],
  availability: true,
  minSharedBlocks: 2,
  askUnderrepresented: true,
};

describe("the owner's team survey", () => {
  it("switches it on with ids for its questions, keeps them on a change, and says who has not answered", async () => {
    const project = await projectWithStudents();
    const before = await call("GET", `/api/projects/${project.id}/team-survey`, owner);
    expect(before.json()).toEqual({ survey: null, answered: 0, enrolled: 2, waitingFor: [] });

    const opened = await call("POST", `/api/projects/${project.id}/team-survey`, owner, SURVEY);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      projectId: project.id,
      availability: true,
      minSharedBlocks: 2,
      askUnderrepresented: true,
      criteria: [
        { id: "q1", kind: "scale", scale: { min: 1, max: 5 }, options: [], mode: "similar", weight: 3 },
        { id: "q2", kind: "choice", scale: null, options: ["Leader", "Researcher", "Presenter"] },
        { id: "q3", kind: "multi", options: ["Statistics", "Writing", "Design"] },
      ],
    });

    const answered = await call("PUT", `/api/student/projects/${project.id}/team-survey`, ada, {
      answers: { q1: 4, q2: "Leader", q3: ["Writing", "Statistics"] },
      availability: [5, 0, 5, 20],
      underrepresented: true,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      answers: { q1: 4, q2: "Leader", q3: ["Writing", "Statistics"] },
      availability: [0, 5, 20],
      underrepresented: true,
    });

    const status = (await call("GET", `/api/projects/${project.id}/team-survey`, owner)).json();
    expect(status).toMatchObject({ answered: 1, enrolled: 2, waitingFor: [{ name: "Ben Student" }] });

    // The instructor drops "Leader" and the skills question: Ada's answers to them no longer count.
    const changed = await call("POST", `/api/projects/${project.id}/team-survey`, owner, {
      ...SURVEY,
      criteria: [
        { ...SURVEY.criteria[0], id: "q1" },
        { ...SURVEY.criteria[1], id: "q2", options: ["Researcher", "Presenter"] },
        { title: "Time zone", kind: "choice", options: ["Europe", "Americas"], mode: "similar", weight: 1 },
      ],
    });
    expect(changed.json().criteria.map((criterion: { id: string }) => criterion.id)).toEqual([
      "q1",
      "q2",
      "q3",
    ]);
    expect(changed.json().openedAt).toBe(opened.json().openedAt);
    const adaNow = (await call("GET", `/api/student/projects/${project.id}/team-survey`, ada)).json();
    expect(adaNow.answer.answers).toEqual({ q1: 4 });

    expect((await call("DELETE", `/api/projects/${project.id}/team-survey`, owner)).statusCode).toBe(204);
    expect((await call("GET", `/api/student/projects/${project.id}/team-survey`, ada)).json()).toEqual({
      survey: null,
      answer: null,
    });
    const again = await call("DELETE", `/api/projects/${project.id}/team-survey`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(TEAM_SURVEY_MESSAGES.notFound);
  });

  it("refuses a question without options, an option twice, a reversed scale and a repeated title, naming it", async () => {
    const project = await projectWithStudents();
    const refused = async (criteria: unknown[], message: string) => {
      const reply = await call("POST", `/api/projects/${project.id}/team-survey`, owner, { criteria });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().message).toBe(message);
    };
    await refused(
      [{ title: "Role", kind: "choice", options: ["Leader"], mode: "diverse", weight: 1 }],
      TEAM_SURVEY_MESSAGES.options("Role"),
    );
    await refused(
      [{ title: "Role", kind: "multi", options: ["Leader", "leader"], mode: "diverse", weight: 1 }],
      TEAM_SURVEY_MESSAGES.duplicateOption("Role"),
    );
    await refused(
      [{ title: "Level", kind: "scale", scale: { min: 5, max: 1 }, mode: "similar", weight: 1 }],
      TEAM_SURVEY_MESSAGES.scale("Level"),
    );
    await refused(
      [
        { title: "Level", kind: "scale", mode: "similar", weight: 1 },
        { title: "level", kind: "scale", mode: "diverse", weight: 1 },
      ],
      TEAM_SURVEY_MESSAGES.duplicateTitle("level"),
    );
  });
});

describe("a student's answers", () => {
  it("refuses answers that do not fit the questions, with the question named, and keeps the last good one", async () => {
    const project = await projectWithStudents();
    const url = `/api/student/projects/${project.id}/team-survey`;
    expect((await call("PUT", url, ada, { answers: { q1: 3 } })).json().message).toBe(
      TEAM_SURVEY_MESSAGES.notFound,
    );
    await call("POST", `/api/projects/${project.id}/team-survey`, owner, SURVEY);
    expect((await call("PUT", url, ada, { answers: { q1: 3 }, availability: [1, 2] })).statusCode).toBe(200);
    const refusals: [unknown, string][] = [
      [
        { answers: { q1: 6 } },
        TEAM_SURVEY_MESSAGES.notOnScale("Prior knowledge of the pivot concepts", 1, 5),
      ],
      [
        { answers: { q1: 2.5 } },
        TEAM_SURVEY_MESSAGES.notOnScale("Prior knowledge of the pivot concepts", 1, 5),
      ],
      [{ answers: { q2: "Dreamer" } }, TEAM_SURVEY_MESSAGES.notAnOption("Preferred role")],
      [{ answers: { q3: ["Writing", "Writing"] } }, TEAM_SURVEY_MESSAGES.notAnOption("Skills")],
      [{ answers: { q3: "Writing" } }, TEAM_SURVEY_MESSAGES.notAnOption("Skills")],
      [{ answers: { q9: 1 } }, TEAM_SURVEY_MESSAGES.unknownCriterion("q9")],
      [{ availability: [21] }, TEAM_SURVEY_MESSAGES.block],
    ];
    for (const [payload, message] of refusals) {
      const reply = await call("PUT", url, ada, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toContain(message);
    }
    expect((await call("GET", url, ada)).json().answer).toMatchObject({
      answers: { q1: 3 },
      availability: [1, 2],
    });
  });

  it("keeps the survey to the project's owner and its enrolled students", async () => {
    const project = await projectWithStudents();
    await call("POST", `/api/projects/${project.id}/team-survey`, owner, SURVEY);
    const ownerUrl = `/api/projects/${project.id}/team-survey`;
    const studentUrl = `/api/student/projects/${project.id}/team-survey`;
    expect((await call("GET", ownerUrl, otherInstructor)).statusCode).toBe(404);
    expect((await call("POST", ownerUrl, otherInstructor, SURVEY)).statusCode).toBe(404);
    expect((await call("DELETE", ownerUrl, otherInstructor)).statusCode).toBe(404);
    expect((await call("GET", ownerUrl, ada)).statusCode).toBe(403);
    expect((await call("GET", studentUrl, outsider)).statusCode).toBe(404);
    expect((await call("PUT", studentUrl, outsider, { answers: { q1: 2 } })).statusCode).toBe(404);
    expect((await call("GET", studentUrl, owner)).statusCode).toBe(403);
    // Another student's answer never reaches the student's read.
    await call("PUT", studentUrl, ben, { answers: { q2: "Presenter" } });
    expect((await call("GET", studentUrl, ada)).json().answer).toBeNull();
  });
});
