import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOIN_CODE_ALPHABET } from "#shared/domain/join-code.ts";
import { ENROLMENT_MESSAGES } from "#shared/schemas/enrolment.ts";
import { buildProjectInput, createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** Joining by code, the owner's roster, what a student reads. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let ada: Account;
let ben: Account;

const RATE_LIMIT = 8;

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { contributionsPerMinute: RATE_LIMIT } } });
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ada Student" });
  ben = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ben Student" });
});
afterAll(() => t?.close());

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who: Account,
  payload?: Record<string, unknown>,
  ip = "10.0.0.1",
) => t.app.inject({ method, url, headers: who.headers, remoteAddress: ip, ...(payload ? { payload } : {}) });

/** Each join from its own address unless one is given: only the rate limit test meets the limit. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.1.${Math.floor(addresses / 250)}.${addresses % 250}`;
};
const join = (who: Account, code: string, ip = nextAddress()) =>
  call("POST", "/api/student/join", who, { code }, ip);

describe("join codes", () => {
  it("gives each new project an 8-character code of the unambiguous alphabet, open, for its owner", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    expect(project.joinCode).toHaveLength(8);
    for (const char of project.joinCode) expect(JOIN_CODE_ALPHABET).toContain(char);
    expect(project.joiningOpen).toBe(true);
    const second = await createProjectViaApi(t.app, owner.headers);
    expect(second.joinCode).not.toBe(project.joinCode);
  });

  it("joins once however often the code is sent, case and dashes aside", async () => {
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Idempotent Joining" });
    const first = await join(ada, project.joinCode);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: project.id,
      title: "Idempotent Joining",
      discipline: project.discipline,
      joinedAt: expect.any(String),
    });
    const typed = `${project.joinCode.slice(0, 4).toLowerCase()}-${project.joinCode.slice(4)}`;
    const again = await join(ada, typed);
    expect(again.statusCode).toBe(200);
    expect(again.json().joinedAt).toBe(first.json().joinedAt);
    const roster = await call("GET", `/api/projects/${project.id}/roster`, owner);
    expect(roster.json()).toHaveLength(1);
  });

  it("answers 404 with the message for an unknown, malformed or switched-off code", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    for (const code of ["ZZZZZZZZ", "not a code", "00000000"]) {
      const reply = await join(ada, code);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(ENROLMENT_MESSAGES.unknownCode);
    }
    const off = await call("PUT", `/api/projects/${project.id}/joining`, owner, { open: false });
    expect(off.json()).toEqual({ joinCode: project.joinCode, joiningOpen: false });
    const closed = await join(ada, project.joinCode);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().message).toBe(ENROLMENT_MESSAGES.unknownCode);
    await call("PUT", `/api/projects/${project.id}/joining`, owner, { open: true });
    expect((await join(ada, project.joinCode)).statusCode).toBe(200);
  });

  it("stops the old code when the owner regenerates it", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const reply = await call("POST", `/api/projects/${project.id}/join-code`, owner);
    expect(reply.statusCode).toBe(200);
    const { joinCode } = reply.json();
    expect(joinCode).not.toBe(project.joinCode);
    expect((await join(ben, project.joinCode)).statusCode).toBe(404);
    expect((await join(ben, joinCode)).statusCode).toBe(200);
    const read = await call("GET", `/api/projects/${project.id}`, owner);
    expect(read.json().joinCode).toBe(joinCode);
  });

  it("lets no other instructor see, change or switch another's code (404)", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    expect((await call("POST", `/api/projects/${project.id}/join-code`, otherInstructor)).statusCode).toBe(
      404,
    );
    const off = await call("PUT", `/api/projects/${project.id}/joining`, otherInstructor, { open: false });
    expect(off.statusCode).toBe(404);
    expect((await call("GET", `/api/projects/${project.id}/roster`, otherInstructor)).statusCode).toBe(404);
  });

  it("refuses a bad body with a clear 400", async () => {
    const noCode = await call("POST", "/api/student/join", ada, {}, nextAddress());
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toMatch(/Join code is required/);
    const project = await createProjectViaApi(t.app, owner.headers);
    const bad = await call("PUT", `/api/projects/${project.id}/joining`, owner, { open: "yes" });
    expect(bad.statusCode).toBe(400);
  });

  it("limits attempts per address (429 with Retry-After), like contributions", async () => {
    const ip = "10.9.9.9";
    const replies = [];
    for (let i = 0; i < RATE_LIMIT + 1; i += 1) replies.push(await join(ada, "ZZZZZZZZ", ip));
    expect(replies.slice(0, RATE_LIMIT).every((reply) => reply.statusCode === 404)).toBe(true);
    const limited = replies[RATE_LIMIT];
    expect(limited?.statusCode).toBe(429);
    expect(limited?.headers["retry-after"]).toBeDefined();
    expect(limited?.json().message).toBe(ENROLMENT_MESSAGES.rateLimited);
  });
});

describe("the roster", () => {
  it("lists names, join dates and how each came only, and the owner can remove a student", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    await join(ada, project.joinCode);
    t.clock.advance(1000);
    await join(ben, project.joinCode);
    const roster = await call("GET", `/api/projects/${project.id}/roster`, owner);
    expect(roster.statusCode).toBe(200);
    const entries = roster.json() as Array<Record<string, unknown>>;
    expect(entries.map((entry) => entry.name).sort()).toEqual(["Ada Student", "Ben Student"]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(["joinedAt", "name", "source", "studentId"]);
      expect(entry.source).toBe("join-code");
    }

    const removed = await call("DELETE", `/api/projects/${project.id}/roster/${ada.faculty.id}`, owner);
    expect(removed.statusCode).toBe(204);
    const after = await call("GET", `/api/projects/${project.id}/roster`, owner);
    expect(after.json().map((entry: { name: string }) => entry.name)).toEqual(["Ben Student"]);
    // Removed: the project is no longer hers.
    expect((await call("GET", `/api/student/projects/${project.id}`, ada)).statusCode).toBe(404);
    const again = await call("DELETE", `/api/projects/${project.id}/roster/${ada.faculty.id}`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ENROLMENT_MESSAGES.notOnRoster);
  });
});

describe("removal holds until the owner re-admits", () => {
  it("refuses a removed student's join, with any code, after a new code too (403)", async () => {
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Removal Holds" });
    await join(ada, project.joinCode);
    await join(ben, project.joinCode);
    const removed = await call("DELETE", `/api/projects/${project.id}/roster/${ada.faculty.id}`, owner);
    expect(removed.statusCode).toBe(204);

    const typed = `${project.joinCode.slice(0, 4).toLowerCase()}-${project.joinCode.slice(4)}`;
    for (const code of [project.joinCode, typed]) {
      const again = await join(ada, code);
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(ENROLMENT_MESSAGES.removedByInstructor);
    }
    const fresh = (await call("POST", `/api/projects/${project.id}/join-code`, owner)).json().joinCode;
    const withNewCode = await join(ada, fresh);
    expect(withNewCode.statusCode).toBe(403);
    expect(withNewCode.json().message).toBe(ENROLMENT_MESSAGES.removedByInstructor);
    expect((await call("GET", `/api/student/projects/${project.id}`, ada)).statusCode).toBe(404);
    expect((await call("GET", "/api/student/projects", ada)).json()).not.toContainEqual(
      expect.objectContaining({ id: project.id }),
    );

    const roster = await call("GET", `/api/projects/${project.id}/roster`, owner);
    expect(roster.json().map((entry: { name: string }) => entry.name)).toEqual(["Ben Student"]);
    const removedList = await call("GET", `/api/projects/${project.id}/roster/removed`, owner);
    expect(removedList.statusCode).toBe(200);
    expect(removedList.json()).toEqual([
      { studentId: ada.faculty.id, name: "Ada Student", removedAt: expect.any(String) },
    ]);
  });

  it("makes a re-admitted student a member again, whose join code then works as before", async () => {
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Re-admitted" });
    await join(ada, project.joinCode);
    await call("DELETE", `/api/projects/${project.id}/roster/${ada.faculty.id}`, owner);

    const readmitted = await call(
      "POST",
      `/api/projects/${project.id}/roster/${ada.faculty.id}/readmit`,
      owner,
    );
    expect(readmitted.statusCode).toBe(200);
    expect(readmitted.json()).toEqual({
      studentId: ada.faculty.id,
      name: "Ada Student",
      joinedAt: expect.any(String),
      source: "join-code",
    });
    expect((await call("GET", `/api/student/projects/${project.id}`, ada)).statusCode).toBe(200);
    expect((await call("GET", `/api/projects/${project.id}/roster/removed`, owner)).json()).toEqual([]);
    const roster = await call("GET", `/api/projects/${project.id}/roster`, owner);
    expect(roster.json().map((entry: { name: string }) => entry.name)).toEqual(["Ada Student"]);
    expect((await join(ada, project.joinCode)).statusCode).toBe(200);

    // Re-admitting someone who is not removed answers 404 with a message.
    const twice = await call("POST", `/api/projects/${project.id}/roster/${ada.faculty.id}/readmit`, owner);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(ENROLMENT_MESSAGES.notRemoved);
  });

  it("lets a student who left on their own join again", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    await join(ben, project.joinCode);
    const left = await call("DELETE", `/api/student/projects/${project.id}`, ben);
    expect(left.statusCode).toBe(204);
    expect((await join(ben, project.joinCode)).statusCode).toBe(200);
  });

  it("lets only the owner see removed students or re-admit them", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    await join(ada, project.joinCode);
    await call("DELETE", `/api/projects/${project.id}/roster/${ada.faculty.id}`, owner);
    const readmit = `/api/projects/${project.id}/roster/${ada.faculty.id}/readmit`;
    expect(
      (await call("GET", `/api/projects/${project.id}/roster/removed`, otherInstructor)).statusCode,
    ).toBe(404);
    expect((await call("POST", readmit, otherInstructor)).statusCode).toBe(404);
    expect((await call("GET", `/api/projects/${project.id}/roster/removed`, ada)).statusCode).toBe(403);
    expect((await call("POST", readmit, ada)).statusCode).toBe(403);
    expect((await join(ada, project.joinCode)).statusCode).toBe(403);
  });
});

describe("what a student sees", () => {
  it("lists only their projects and reads one without any private field", async () => {
    // Private planning fields with texts that cannot appear in an id or a timestamp by chance.
    const base = buildProjectInput();
    const project = await createProjectViaApi(t.app, owner.headers, {
      title: "Seen by Students",
      methodology: {
        ...base.methodology,
        classSize: "forty-two learners",
        antiOverloadMeasures: "Private overload plan",
        collaborationMethods: "Private team plan",
      },
    });
    const other = await createProjectViaApi(t.app, owner.headers, { title: "Ben's Project" });
    const card = await call("POST", "/api/pivot-cards", owner, {
      title: "Calibration",
      discipline: "chemistry",
      definition: "Relating a signal to a known amount.",
      misconceptions: ["More points always help"],
      projectId: project.id,
    });
    expect(card.statusCode).toBe(201);
    // Another project's card and an unlinked card must not show.
    await call("POST", "/api/pivot-cards", owner, {
      title: "Elsewhere",
      discipline: "chemistry",
      definition: "Not this project.",
      projectId: other.id,
    });
    const example = await call("POST", "/api/worked-examples", owner, {
      pivotCardId: card.json().id,
      title: "Five standards",
      steps: ["Weigh", "Dilute"],
      selfExplanationPrompts: ["Why five?"],
    });
    expect(example.statusCode).toBe(201);
    await call("POST", `/api/public/contributions/${project.contributionToken}`, owner, {
      studentName: "Someone",
      contributionType: "question",
      content: "A private question",
    });

    const student = await signedInFaculty(t.app, t.database.db, { role: "student" });
    await join(student, project.joinCode);
    await join(ben, other.joinCode);

    const list = await call("GET", "/api/student/projects", student);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: project.id,
        title: "Seen by Students",
        discipline: project.discipline,
        joinedAt: expect.any(String),
      },
    ]);

    const reply = await call("GET", `/api/student/projects/${project.id}`, student);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "discipline",
        "id",
        "joinedAt",
        "launchBrief",
        "pivotCards",
        "pivotConcepts",
        "timeline",
        "title",
      ].sort(),
    );
    expect(body.pivotConcepts).toBe(project.methodology.pivotConcepts);
    expect(body.launchBrief).toBe(project.methodology.launchApplications);
    expect(body.timeline).toBe(project.methodology.timeline);
    expect(body.pivotCards).toHaveLength(1);
    expect(Object.keys(body.pivotCards[0]).sort()).toEqual(
      [
        "constraints",
        "counterExample",
        "definition",
        "discipline",
        "id",
        "minimalExample",
        "misconceptions",
        "title",
        "workedExamples",
      ].sort(),
    );
    expect(body.pivotCards[0].workedExamples).toEqual([
      {
        id: example.json().id,
        title: "Five standards",
        steps: ["Weigh", "Dilute"],
        selfExplanationPrompts: ["Why five?"],
        completionProblem: "",
      },
    ]);
    const raw = reply.body;
    for (const secret of [
      project.contributionToken,
      project.joinCode,
      "A private question",
      "Ben Student",
      "forty-two learners",
      "Private overload plan",
      "Private team plan",
      '"classSize"',
      '"methodology"',
      '"contributionToken"',
    ])
      expect(raw).not.toContain(secret);
  });

  it("answers 404 for a project the student is not enrolled in, and for one that does not exist", async () => {
    const a = await createProjectViaApi(t.app, owner.headers);
    const b = await createProjectViaApi(t.app, owner.headers);
    const student = await signedInFaculty(t.app, t.database.db, { role: "student" });
    await join(student, a.joinCode);
    expect((await call("GET", `/api/student/projects/${a.id}`, student)).statusCode).toBe(200);
    const foreign = await call("GET", `/api/student/projects/${b.id}`, student);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ENROLMENT_MESSAGES.notEnrolled);
    expect((await call("GET", "/api/student/projects/999999", student)).statusCode).toBe(404);
    // Nor the owner's side of project B: roster and project are instructor routes (403).
    expect((await call("GET", `/api/projects/${b.id}/roster`, student)).statusCode).toBe(403);
    expect((await call("GET", `/api/projects/${b.id}`, student)).statusCode).toBe(403);
  });

  it("refuses instructors on the student routes (403)", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    expect((await join(owner, project.joinCode)).statusCode).toBe(403);
    expect((await call("GET", "/api/student/projects", owner)).statusCode).toBe(403);
  });
});
