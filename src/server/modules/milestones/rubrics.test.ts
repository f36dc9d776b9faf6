import type { InjectOptions } from "fastify";
import JSZip from "jszip";
import mammoth from "mammoth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIVOT_CONCEPTS_CRITERION, RUBRIC_MESSAGES } from "#shared/domain/rubrics.ts";
import { readCsv } from "../../lib/csv.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { officeCommand, pdfFromOffice } from "../../test/office.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInFaculty>>;
let instructor: Who;
let colleague: Who;
let student: Who;

beforeAll(async () => {
  t = await createTestApp();
  instructor = await signedInFaculty(t.app, t.database.db);
  colleague = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
});
afterAll(() => t?.close());

const inject = (who: Who, options: InjectOptions) => t.app.inject({ ...options, headers: who.headers });

const level = (title: string, points: number | null, descriptor = "") => ({ title, points, descriptor });
const rubricBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Launch report",
  description: "How the launch report is assessed",
  criteria: [
    {
      title: "Reasoning",
      weight: 2,
      levels: [level("Exemplary", 4, "Sound, complete"), level("Developing", 2), level("Beginning", 0)],
    },
    {
      title: "Evidence",
      weight: 1,
      levels: [level("Exemplary", 4), level("Proficient", 3), level("Developing", 2)],
    },
  ],
  ...overrides,
});
const create = (who: Who, payload: Record<string, unknown>) =>
  inject(who, { method: "POST", url: "/api/rubrics", payload });

describe("rubrics: an instructor's own", () => {
  it("creates, lists, reads, changes and deletes a rubric", async () => {
    const created = await create(instructor, rubricBody());
    expect(created.statusCode).toBe(201);
    const rubric = created.json();
    expect(rubric).toMatchObject({
      title: "Launch report",
      description: "How the launch report is assessed",
    });
    expect(rubric.criteria).toHaveLength(2);
    expect(rubric.criteria[0]).toMatchObject({ title: "Reasoning", weight: 2 });
    expect(rubric.criteria[0].levels[0]).toEqual(level("Exemplary", 4, "Sound, complete"));
    const [first, second] = rubric.criteria.map((criterion: { id: string }) => criterion.id);
    expect(first).not.toBe(second);

    const list = await inject(instructor, { method: "GET", url: "/api/rubrics" });
    expect(list.json().rubrics.map((r: { id: number }) => r.id)).toContain(rubric.id);
    expect((await inject(instructor, { method: "GET", url: `/api/rubrics/${rubric.id}` })).json().title).toBe(
      "Launch report",
    );

    const changed = await inject(instructor, {
      method: "PUT",
      url: `/api/rubrics/${rubric.id}`,
      payload: {
        ...rubric,
        id: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        title: "Final report",
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().title).toBe("Final report");
    // Criteria keep their ids: assessments refer to them.
    expect(changed.json().criteria.map((criterion: { id: string }) => criterion.id)).toEqual([first, second]);

    expect(
      (await inject(instructor, { method: "DELETE", url: `/api/rubrics/${rubric.id}` })).statusCode,
    ).toBe(204);
    expect((await inject(instructor, { method: "GET", url: `/api/rubrics/${rubric.id}` })).statusCode).toBe(
      404,
    );
  });

  it("answers 404 for another instructor's rubric and 403 to students", async () => {
    const rubric = (await create(instructor, rubricBody())).json();
    for (const options of [
      { method: "GET", url: `/api/rubrics/${rubric.id}` },
      { method: "PUT", url: `/api/rubrics/${rubric.id}`, payload: rubricBody() },
      { method: "DELETE", url: `/api/rubrics/${rubric.id}` },
      { method: "GET", url: `/api/rubrics/${rubric.id}/export?format=csv` },
    ] as const) {
      expect((await inject(colleague, options)).statusCode).toBe(404);
      expect((await inject(student, options)).statusCode).toBe(403);
    }
    expect((await inject(colleague, { method: "GET", url: "/api/rubrics" })).json().rubrics).toEqual([]);
    expect((await inject(student, { method: "GET", url: "/api/rubrics" })).statusCode).toBe(403);
    expect((await create(student, rubricBody())).statusCode).toBe(403);
  });
});

describe("rubrics: messages naming the cell", () => {
  const refused = async (payload: Record<string, unknown>) => {
    const reply = await create(instructor, payload);
    expect(reply.statusCode).toBe(400);
    return reply.json() as { message: string; details: Array<{ field: string; message: string }> };
  };
  const withCriterion = (index: number, criterion: Record<string, unknown>) => {
    const body = rubricBody();
    const criteria = [...(body.criteria as Record<string, unknown>[])];
    criteria[index] = { ...criteria[index], ...criterion };
    return { ...body, criteria };
  };

  it("asks for at least one criterion", async () => {
    expect((await refused(rubricBody({ criteria: [] }))).message).toBe(RUBRIC_MESSAGES.noCriteria);
    expect(RUBRIC_MESSAGES.noCriteria).toBe("Add at least one criterion");
  });

  it("names the level whose points are missing or negative", async () => {
    const missing = withCriterion(1, {
      levels: [level("Exemplary", 4), level("Proficient", 3), level("Developing", null)],
    });
    const answer = await refused(missing);
    expect(answer.message).toBe('Criterion 2 ("Evidence"), level 3: points are required');
    expect(answer.details[0]?.field).toBe("criteria.1.levels.2.points");
    const { points: _points, ...withoutPoints } = level("Developing", 2);
    expect(
      (await refused(withCriterion(1, { levels: [level("Exemplary", 4), withoutPoints] }))).message,
    ).toBe('Criterion 2 ("Evidence"), level 2: points are required');
    expect((await refused(withCriterion(0, { levels: [level("Exemplary", -1)] }))).message).toBe(
      'Criterion 1 ("Reasoning"), level 1: points must be 0 or more',
    );
  });

  it("names the criterion without a title, without levels, or whose weight is not above 0", async () => {
    const untitled = await refused(withCriterion(1, { title: "  " }));
    expect(untitled.message).toBe("Criterion 2: a title is required");
    expect(untitled.details[0]?.field).toBe("criteria.1.title");
    expect((await refused(withCriterion(0, { levels: [] }))).message).toBe(
      'Criterion 1 ("Reasoning"): add at least one level',
    );
    for (const weight of [0, -2]) {
      const answer = await refused(withCriterion(1, { weight }));
      expect(answer.message).toBe('Criterion 2 ("Evidence"): the weight must be more than 0');
      expect(answer.details[0]?.field).toBe("criteria.1.weight");
    }
  });

  it("keeps a rubric to 20 criteria of 8 levels, titles to 200 and descriptors to 2000 characters", async () => {
    const criterion = (n: number) => ({ title: `C${n}`, weight: 1, levels: [level("Only", 1)] });
    expect(
      (await refused(rubricBody({ criteria: Array.from({ length: 21 }, (_, n) => criterion(n)) }))).message,
    ).toBe("A rubric has at most 20 criteria");
    expect(
      (await create(instructor, rubricBody({ criteria: Array.from({ length: 20 }, (_, n) => criterion(n)) })))
        .statusCode,
    ).toBe(201);
    const nine = Array.from({ length: 9 }, (_, n) => level(`L${n}`, n));
    expect((await refused(withCriterion(0, { levels: nine }))).message).toBe(
      'Criterion 1 ("Reasoning"): at most 8 levels',
    );
    expect((await refused(withCriterion(0, { title: "x".repeat(201) }))).message).toMatch(
      /^Criterion 1 \("x+"\): the title must be at most 200 characters$/,
    );
    expect(
      (await refused(withCriterion(1, { levels: [level("Exemplary", 4, "d".repeat(2001))] }))).message,
    ).toBe('Criterion 2 ("Evidence"), level 1: the descriptor must be at most 2000 characters');
    expect((await refused(rubricBody({ title: "" }))).message).toBe("Title is required");
    expect((await refused(rubricBody({ title: "t".repeat(201) }))).message).toBe(
      "Title must be at most 200 characters",
    );
  });
});

describe("rubrics: starting points", () => {
  it("offers the Gold Standard design elements, seven criteria of four levels, unsaved", async () => {
    const reply = await inject(instructor, { method: "GET", url: "/api/rubrics/gold-standard" });
    expect(reply.statusCode).toBe(200);
    const start = reply.json();
    expect(start.id).toBeUndefined();
    expect(start.criteria).toHaveLength(7);
    expect(start.criteria.map((criterion: { title: string }) => criterion.title)).toEqual([
      "Challenging problem or question",
      "Sustained inquiry",
      "Authenticity",
      "Student voice and choice",
      "Reflection",
      "Critique and revision",
      "Public product",
    ]);
    for (const criterion of start.criteria) {
      expect(criterion.levels.map((l: { points: number }) => l.points)).toEqual([3, 2, 1, 0]);
      for (const l of criterion.levels) expect(l.descriptor).not.toBe("");
    }
    // It saves as it is.
    expect((await create(instructor, start)).statusCode).toBe(201);
  });

  it("drafts one criterion per deliverable plus the use of the pivot concepts", async () => {
    const reply = await inject(instructor, {
      method: "POST",
      url: "/api/rubrics/from-deliverables",
      payload: { title: "Pivot checkpoint", deliverables: ["Concept map", " Lab report "] },
    });
    expect(reply.statusCode).toBe(200);
    const start = reply.json();
    expect(start.title).toBe("Pivot checkpoint");
    expect(start.criteria.map((criterion: { title: string }) => criterion.title)).toEqual([
      "Concept map",
      "Lab report",
      PIVOT_CONCEPTS_CRITERION,
    ]);
    for (const criterion of start.criteria) {
      expect(criterion.weight).toBe(1);
      expect(criterion.levels.map((l: { title: string; points: number }) => [l.title, l.points])).toEqual([
        ["Exemplary", 4],
        ["Proficient", 3],
        ["Developing", 2],
        ["Beginning", 1],
      ]);
    }
    expect(start.criteria[0].levels[0].descriptor).toContain("Concept map");
    expect((await create(instructor, start)).statusCode).toBe(201);

    const empty = await inject(instructor, {
      method: "POST",
      url: "/api/rubrics/from-deliverables",
      payload: { title: "Nothing", deliverables: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Add at least one deliverable");
  });
});

describe("rubrics: exports", () => {
  it("writes a CSV with one row per criterion that reads back", async () => {
    const rubric = (
      await create(
        instructor,
        rubricBody({
          title: "Launch Report: Q&A",
          criteria: [
            ...rubricBody().criteria,
            { title: "=SUM(A1)", weight: 1, levels: [level("Only", 1, "Line one\nline two")] },
          ],
        }),
      )
    ).json();
    const reply = await inject(instructor, {
      method: "GET",
      url: `/api/rubrics/${rubric.id}/export?format=csv`,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toContain("text/csv");
    expect(reply.headers["content-disposition"]).toContain('filename="launch-report-q-a-rubric.csv"');
    const [header, ...rows] = readCsv(reply.body).map((record) => record.cells);
    expect(header).toEqual([
      "Criterion",
      "Weight",
      ...[1, 2, 3].flatMap((n) => [`Level ${n} title`, `Level ${n} points`, `Level ${n} descriptor`]),
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.slice(0, 5)).toEqual(["Reasoning", "2", "Exemplary", "4", "Sound, complete"]);
    expect(rows[2]).toEqual(["=SUM(A1)", "1", "Only", "1", "Line one\nline two"]);
  });

  it("writes a Word table of criteria × levels", async () => {
    const rubric = (await create(instructor, rubricBody())).json();
    const reply = await inject(instructor, {
      method: "GET",
      url: `/api/rubrics/${rubric.id}/export?format=docx`,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-disposition"]).toContain('filename="launch-report-rubric.docx"');
    const file = reply.rawPayload;
    const xml = (await (await JSZip.loadAsync(file)).file("word/document.xml")?.async("string")) ?? "";
    expect(xml).toContain("<w:tbl>");
    const { value: text } = await mammoth.extractRawText({ buffer: file });
    for (const expected of [
      "Launch report",
      "Reasoning",
      "Evidence",
      "Exemplary (4 points)",
      "Sound, complete",
    ]) {
      expect(text).toContain(expected);
    }
    if (officeCommand) expect(pdfFromOffice(file, "rubric.docx")?.length ?? 0).toBeGreaterThan(1_000);
  });

  it("refuses an unknown format", async () => {
    const rubric = (await create(instructor, rubricBody())).json();
    const reply = await inject(instructor, {
      method: "GET",
      url: `/api/rubrics/${rubric.id}/export?format=pdf`,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("Format must be one of: csv, docx");
  });
});
