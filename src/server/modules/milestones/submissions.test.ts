import { eq } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_MESSAGES } from "#shared/schemas/submissions.ts";
import { readCsv } from "../../lib/csv.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { fastJobs } from "../../test/knowledge.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { milestoneTable, rubricTable } from "./milestones.table.ts";

/** Handing in work, reading it back, assessing it with the rubric, releasing feedback, revisions. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let ada: Account;
let ben: Account;
let outsider: Account;

const HOUR = 60 * 60 * 1000;

const criteria = [
  {
    id: "evidence",
    title: "Evidence",
    weight: 2,
    levels: [
      { title: "Strong", descriptor: "Cited and weighed", points: 4 },
      { title: "Partial", descriptor: "Cited", points: 2 },
      { title: "Missing", descriptor: "None", points: 0 },
    ],
  },
  {
    id: "clarity",
    title: "Clarity",
    weight: 1,
    levels: [
      { title: "Clear", descriptor: "Reads at once", points: 3 },
      { title: "Unclear", descriptor: "Hard to follow", points: 1 },
    ],
  },
];

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, who: Account, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

let project: { id: number; joinCode: string; title: string };
let rubricId: number;

beforeAll(async () => {
  t = await createTestApp({ config: { jobs: fastJobs } });
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ada Student" });
  ben = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ben Student" });
  outsider = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Out Sider" });
  project = await createProjectViaApi(t.app, owner.headers, { title: "Launch Lab" });
  for (const student of [ada, ben]) {
    const joined = await call("POST", "/api/student/join", student, { code: project.joinCode });
    expect(joined.statusCode).toBe(200);
  }
  const [rubric] = await t.database.db
    .insert(rubricTable)
    .values({ facultyId: owner.faculty.id, title: "Pitch rubric", criteria })
    .returning();
  rubricId = rubric?.id ?? 0;
});
afterAll(() => t?.close());

let milestoneCount = 0;
async function milestone(
  overrides: Partial<typeof milestoneTable.$inferInsert> = {},
): Promise<{ id: number; title: string }> {
  milestoneCount += 1;
  const [row] = await t.database.db
    .insert(milestoneTable)
    .values({
      projectId: project.id,
      title: `Checkpoint ${milestoneCount}`,
      stage: "pivot",
      dueAt: new Date(t.clock.now().getTime() + 24 * HOUR),
      rubricId,
      deliverables: ["A one-page pitch"],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no milestone");
  return row;
}

/** A file of the student through the hand-in's signed flow: its upload id. */
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

describe("handing in", () => {
  it("takes text and a file as version 1, on time, and the student reads it back with the file", async () => {
    const checkpoint = await milestone();
    const uploadId = await uploaded(
      ada,
      checkpoint.id,
      "pitch notes.txt",
      Buffer.from("Our pivot: tutoring.\n"),
    );
    const reply = await handIn(ada, checkpoint.id, {
      text: "We pivot to peer tutoring.",
      link: "https://example.edu/pitch",
      uploadIds: [uploadId],
    });
    expect(reply.statusCode).toBe(201);
    const version = reply.json();
    expect(version).toMatchObject({
      milestoneId: checkpoint.id,
      studentId: ada.faculty.id,
      version: 1,
      text: "We pivot to peer tutoring.",
      link: "https://example.edu/pitch",
      late: false,
      files: [{ originalName: "pitch notes.txt", mimeType: expect.stringContaining("text/plain") }],
    });
    const mine = await call("GET", `/api/student/milestones/${checkpoint.id}`, ada);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().milestone.title).toBe(checkpoint.title);
    expect(mine.json().versions).toEqual([{ ...version, feedback: null }]);

    const fileUrl = `/api/submission-files/${version.files[0].id}`;
    const download = await call("GET", fileUrl, ada);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("Our pivot: tutoring.\n");
    expect((await call("GET", fileUrl, owner)).statusCode).toBe(200);
    expect((await call("GET", fileUrl, ben)).statusCode).toBe(404);
    expect((await call("GET", fileUrl, otherInstructor)).statusCode).toBe(404);

    // An upload is handed in once.
    const again = await handIn(ada, checkpoint.id, { uploadIds: [uploadId] });
    expect(again.statusCode).toBe(400);
  });

  it("refuses an empty hand-in, a link that is not http(s), too much text, and someone else's upload", async () => {
    const checkpoint = await milestone();
    const empty = await handIn(ada, checkpoint.id, { text: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(SUBMISSION_MESSAGES.empty);
    const link = await handIn(ada, checkpoint.id, { link: "javascript:alert(1)" });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toContain(SUBMISSION_MESSAGES.link);
    const long = await handIn(ada, checkpoint.id, { text: "x".repeat(20_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(SUBMISSION_MESSAGES.textTooLong);
    const bensUpload = await uploaded(ben, checkpoint.id, "ben.txt", Buffer.from("Ben's work\n"));
    expect((await handIn(ada, checkpoint.id, { uploadIds: [bensUpload] })).statusCode).toBe(400);
  });

  it("marks a hand-in after the due date late, and refuses one once the milestone is closed", async () => {
    const past = await milestone({ dueAt: new Date(t.clock.now().getTime() - HOUR) });
    const late = await handIn(ada, past.id, { text: "Sorry, a day late." });
    expect(late.statusCode).toBe(201);
    expect(late.json().late).toBe(true);

    const closed = await milestone({ closedAt: new Date(t.clock.now().getTime() - HOUR) });
    const refused = await handIn(ada, closed.id, { text: "Too late." });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${closed.title} is closed and no longer takes submissions`);
  });

  it("answers 404 for a deleted milestone and one of a project the student is not enrolled in", async () => {
    const gone = await milestone();
    await t.database.db.delete(milestoneTable).where(eq(milestoneTable.id, gone.id));
    expect((await handIn(ada, gone.id, { text: "Hello" })).statusCode).toBe(404);
    const other = await milestone();
    expect((await handIn(outsider, other.id, { text: "Hello" })).statusCode).toBe(404);
    expect((await call("GET", `/api/student/milestones/${other.id}`, outsider)).statusCode).toBe(404);
    // Instructors do not hand in; another instructor does not see the work.
    expect((await handIn(owner, other.id, { text: "Hello" })).statusCode).toBe(403);
    expect((await call("GET", `/api/milestones/${other.id}/submissions`, otherInstructor)).statusCode).toBe(
      404,
    );
    expect((await call("GET", `/api/milestones/${other.id}/submissions`, ada)).statusCode).toBe(403);
  });

  it("numbers each hand-in as a new version", async () => {
    const checkpoint = await milestone();
    for (const expected of [1, 2, 3]) {
      const reply = await handIn(ben, checkpoint.id, { text: `Version ${expected}` });
      expect(reply.json().version).toBe(expected);
    }
    const mine = await call("GET", `/api/student/milestones/${checkpoint.id}`, ben);
    expect(mine.json().versions.map((version: { text: string }) => version.text)).toEqual([
      "Version 1",
      "Version 2",
      "Version 3",
    ]);
  });
});

const assess = (submissionId: number, payload: Record<string, unknown>, who: Account = owner) =>
  call("PUT", `/api/submissions/${submissionId}/assessment`, who, payload);

describe("the instructor's list, assessment and released feedback", () => {
  it("lists every enrolled student, those who did not hand in too, and searches the work", async () => {
    const checkpoint = await milestone();
    await handIn(ada, checkpoint.id, { text: "Market sizing with survey data" });
    await handIn(ada, checkpoint.id, { text: "Revised market sizing", link: "https://example.edu/deck" });
    const list = await call("GET", `/api/milestones/${checkpoint.id}/submissions`, owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().rubric.title).toBe("Pitch rubric");
    expect(list.json().students).toEqual([
      {
        studentId: ada.faculty.id,
        name: "Ada Student",
        latest: { id: expect.any(Number), version: 2, late: false, submittedAt: expect.any(String) },
        versions: 2,
        assessment: null,
      },
      { studentId: ben.faculty.id, name: "Ben Student", latest: null, versions: 0, assessment: null },
    ]);
    const search = async (q: string) =>
      (await call("GET", `/api/milestones/${checkpoint.id}/submissions?q=${encodeURIComponent(q)}`, owner))
        .json()
        .students.map((row: { name: string }) => row.name);
    expect(await search("survey")).toEqual(["Ada Student"]);
    expect(await search("example.edu/deck")).toEqual(["Ada Student"]);
    expect(await search("nothing like this")).toEqual([]);
  });

  it("reads a handed-in file's text for the search", async () => {
    const checkpoint = await milestone();
    const uploadId = await uploaded(
      ben,
      checkpoint.id,
      "interviews.txt",
      Buffer.from("We interviewed zookeepers.\n"),
    );
    await handIn(ben, checkpoint.id, { text: "See the file", uploadIds: [uploadId] });
    const search = async () =>
      (await call("GET", `/api/milestones/${checkpoint.id}/submissions?q=zookeepers`, owner)).json().students;
    await expect.poll(search, { timeout: 20_000, interval: 250 }).toHaveLength(1);
    expect((await search())[0].name).toBe("Ben Student");
  });

  it("validates scores against the rubric and computes the weighted score", async () => {
    const checkpoint = await milestone();
    const version = (await handIn(ada, checkpoint.id, { text: "Our evidence" })).json();
    const unknown = await assess(version.id, {
      scores: [{ criterionId: "style", level: 0 }],
      status: "draft",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(SUBMISSION_MESSAGES.unknownCriterion("style"));
    const level = await assess(version.id, {
      scores: [{ criterionId: "clarity", level: 5 }],
      status: "draft",
    });
    expect(level.statusCode).toBe(400);
    expect(level.json().message).toBe(SUBMISSION_MESSAGES.unknownLevel("Clarity"));
    const badStatus = await assess(version.id, { scores: [], status: "done" });
    expect(badStatus.statusCode).toBe(400);

    // Evidence "Partial" 2/4 (weight 2), Clarity "Clear" 3/3 (weight 1): (2*0.5 + 1*1) / 3 = 66.67.
    const saved = await assess(version.id, {
      scores: [
        { criterionId: "evidence", level: 1, comment: "Cite the survey" },
        { criterionId: "clarity", level: 0, comment: "" },
      ],
      overallComment: "Good start",
      status: "draft",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().score).toBeCloseTo(200 / 3, 5);
    expect(saved.json().status).toBe("draft");
    // A criterion left out counts 0.
    const partial = await assess(version.id, {
      scores: [{ criterionId: "clarity", level: 0 }],
      status: "draft",
    });
    expect(partial.json().score).toBeCloseTo(100 / 3, 5);

    const noRubric = await milestone({ rubricId: null });
    const other = (await handIn(ada, noRubric.id, { text: "Work" })).json();
    expect((await assess(other.id, { scores: [], status: "draft" })).statusCode).toBe(409);
    expect((await assess(version.id, { scores: [], status: "draft" }, otherInstructor)).statusCode).toBe(404);
  });

  it("shows students nothing before release, never a draft, and the final assessment after", async () => {
    const checkpoint = await milestone();
    const adaVersion = (await handIn(ada, checkpoint.id, { text: "Ada's pitch" })).json();
    const benVersion = (await handIn(ben, checkpoint.id, { text: "Ben's pitch" })).json();
    await assess(adaVersion.id, {
      scores: [
        { criterionId: "evidence", level: 0, comment: "Well weighed" },
        { criterionId: "clarity", level: 1, comment: "Shorten it" },
      ],
      overallComment: "Strong evidence",
      status: "final",
    });
    await assess(benVersion.id, {
      scores: [{ criterionId: "evidence", level: 2, comment: "Secret draft comment" }],
      overallComment: "Draft overall",
      status: "draft",
    });
    const before = await call("GET", `/api/student/milestones/${checkpoint.id}`, ada);
    expect(before.json().versions[0].feedback).toBeNull();
    expect(before.body).not.toContain("Well weighed");

    const released = await call("POST", `/api/milestones/${checkpoint.id}/feedback-release`, owner);
    expect(released.statusCode).toBe(200);
    const again = await call("POST", `/api/milestones/${checkpoint.id}/feedback-release`, owner);
    expect(again.json().feedbackReleasedAt).toBe(released.json().feedbackReleasedAt);

    const after = (await call("GET", `/api/student/milestones/${checkpoint.id}`, ada)).json();
    expect(after.milestone.feedbackReleasedAt).toBe(released.json().feedbackReleasedAt);
    // (4/4 * 2 + 1/3 * 1) / 3 = 77.78
    expect(after.versions[0].feedback).toEqual({
      scores: [
        {
          criterionId: "evidence",
          criterionTitle: "Evidence",
          level: 0,
          levelTitle: "Strong",
          points: 4,
          comment: "Well weighed",
        },
        {
          criterionId: "clarity",
          criterionTitle: "Clarity",
          level: 1,
          levelTitle: "Unclear",
          points: 1,
          comment: "Shorten it",
        },
      ],
      overallComment: "Strong evidence",
      score: expect.closeTo((100 * (2 + 1 / 3)) / 3, 5),
    });
    const bens = await call("GET", `/api/student/milestones/${checkpoint.id}`, ben);
    expect(bens.json().versions[0].feedback).toBeNull();
    expect(bens.body).not.toContain("Secret draft comment");
    expect(bens.body).not.toContain("Draft overall");
  });

  it("takes a revision after release as a new, unassessed version the instructor sees beside the first", async () => {
    const checkpoint = await milestone();
    const first = (await handIn(ada, checkpoint.id, { text: "First go" })).json();
    const firstScore = (
      await assess(first.id, { scores: [{ criterionId: "evidence", level: 0 }], status: "final" })
    ).json().score;
    await call("POST", `/api/milestones/${checkpoint.id}/feedback-release`, owner);
    const revision = await handIn(ada, checkpoint.id, { text: "Second go" });
    expect(revision.statusCode).toBe(201);
    expect(revision.json().version).toBe(2);

    const student = (await call("GET", `/api/student/milestones/${checkpoint.id}`, ada)).json();
    expect(student.versions[0].feedback).not.toBeNull();
    expect(student.versions[1].feedback).toBeNull();

    const list = (await call("GET", `/api/milestones/${checkpoint.id}/submissions`, owner)).json();
    const adaRow = list.students.find((row: { studentId: number }) => row.studentId === ada.faculty.id);
    expect(adaRow).toMatchObject({
      latest: { id: revision.json().id, version: 2 },
      versions: 2,
      assessment: null,
    });

    const detail = await call("GET", `/api/submissions/${revision.json().id}`, owner);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      student: { id: ada.faculty.id, name: "Ada Student" },
      submission: { id: revision.json().id, version: 2 },
      assessment: null,
    });
    // Each version with its own score, so the earlier one's reads beside the revision's.
    expect(
      detail.json().versions.map(({ text, assessment }: { text: string; assessment: unknown }) => ({
        text,
        assessment,
      })),
    ).toEqual([
      { text: "First go", assessment: { status: "final", score: firstScore } },
      { text: "Second go", assessment: null },
    ]);
    expect(firstScore).toBeGreaterThan(0);
    expect((await call("GET", `/api/submissions/${first.id}`, otherInstructor)).statusCode).toBe(404);
  });
});

describe("exports", () => {
  it("writes the scores CSV: a row per enrolled student, a column per milestone, latest final scores", async () => {
    const scored = await createProjectViaApi(t.app, owner.headers, { title: "Scores Lab" });
    for (const student of [ada, ben])
      await call("POST", "/api/student/join", student, { code: scored.joinCode });
    const insert = async (title: string, dueInHours: number) => {
      const [row] = await t.database.db
        .insert(milestoneTable)
        .values({
          projectId: scored.id,
          title,
          stage: "launch",
          dueAt: new Date(t.clock.now().getTime() + dueInHours * HOUR),
          rubricId,
        })
        .returning();
      return row?.id ?? 0;
    };
    const pivot = await insert("Pivot", 1);
    const launch = await insert("Launch, phase 1", 2);
    const adaPivot = (await handIn(ada, pivot, { text: "Pivot work" })).json();
    await assess(adaPivot.id, { scores: [{ criterionId: "clarity", level: 0 }], status: "final" });
    const benPivot = (await handIn(ben, pivot, { text: "Pivot work" })).json();
    await assess(benPivot.id, { scores: [{ criterionId: "evidence", level: 0 }], status: "draft" });
    const adaLaunch = (await handIn(ada, launch, { text: "Launch v1" })).json();
    await assess(adaLaunch.id, { scores: [{ criterionId: "evidence", level: 0 }], status: "final" });
    await handIn(ada, launch, { text: "Launch v2" });

    const reply = await call("GET", `/api/projects/${scored.id}/scores.csv`, owner);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toContain("text/csv");
    const rows = readCsv(reply.body).map((row) => row.cells);
    // Ada's pivot: clarity only, 1/3 of the weight = 33.3; Ben's is a draft; Ada's launch v2 is unassessed.
    expect(rows).toEqual([
      ["Student", "Pivot", "Launch, phase 1"],
      ["Ada Student", "33.3", ""],
      ["Ben Student", "", ""],
    ]);
    expect((await call("GET", `/api/projects/${scored.id}/scores.csv`, otherInstructor)).statusCode).toBe(
      404,
    );
  });

  it("zips every version as {student name}/v{n}/ with text.txt, link.txt and the files", async () => {
    const checkpoint = await milestone();
    const uploadId = await uploaded(ben, checkpoint.id, "deck.txt", Buffer.from("Slides\n"));
    await handIn(ben, checkpoint.id, {
      text: "See the deck",
      link: "https://example.edu/b",
      uploadIds: [uploadId],
    });
    await handIn(ben, checkpoint.id, { text: "Revised" });
    await handIn(ada, checkpoint.id, { link: "https://example.edu/a" });
    const reply = await call("GET", `/api/milestones/${checkpoint.id}/submissions/archive`, owner);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/zip");
    const zip = await JSZip.loadAsync(reply.rawPayload);
    const names = Object.values(zip.files)
      .filter((entry) => !entry.dir)
      .map((entry) => entry.name)
      .sort();
    expect(names).toEqual([
      "Ada Student/v1/link.txt",
      "Ben Student/v1/deck.txt",
      "Ben Student/v1/link.txt",
      "Ben Student/v1/text.txt",
      "Ben Student/v2/text.txt",
    ]);
    expect(await zip.file("Ben Student/v1/deck.txt")?.async("string")).toBe("Slides\n");
    expect(
      (await call("GET", `/api/milestones/${checkpoint.id}/submissions/archive`, otherInstructor)).statusCode,
    ).toBe(404);
  });
});
