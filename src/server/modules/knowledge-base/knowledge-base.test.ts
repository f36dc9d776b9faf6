import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWLEDGE_LIMITS } from "#shared/schemas/knowledge-base.ts";
import { selectRows } from "../../db/client.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createEntry, fastJobs, readyEntry, uploadFile, waitForEntry } from "../../test/knowledge.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { KNOWLEDGE_MESSAGES } from "./knowledge-base.errors.ts";

// Entries, quick upload's records and privacy through the real routes, upload flow, job queue and
// child-process extraction.

type Who = Awaited<ReturnType<typeof signedInFaculty>>;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let t: TestApp;
let me: Who;
let other: Who;
let student: Who;

beforeAll(async () => {
  t = await createTestApp({ config: { jobs: fastJobs } });
  me = await signedInFaculty(t.app, t.database.db);
  other = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
}, 30_000);
afterAll(async () => {
  await t?.close();
});

const post = (who: Who, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/knowledge-base",
    headers: who.headers,
    payload: payload as object,
  });

describe("knowledge base entries", () => {
  it("answers the spec's validation messages (§5)", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: "Long enough content here." }, "Title is required"],
      [{ title: "   ", content: "Long enough content here." }, "Title is required"],
      [{ title: "Rubric", content: "too short" }, "Content must be at least 10 characters"],
      [{ title: "Rubric" }, "Content must be at least 10 characters"],
      [
        {
          title: "Rubric",
          content: "Long enough content here.",
          tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
        },
        "At most 20 tags",
      ],
      [
        { title: "Rubric", content: "Long enough content here.", tags: ["x".repeat(41)] },
        "Each tag must be at most 40 characters",
      ],
      [{ title: "Rubric", content: "Long enough content here.", fileType: "exe" }, "Unsupported file type"],
    ];
    for (const [payload, message] of cases) {
      const response = await post(me, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it("creates typed content with trimmed tags, private by default, and indexes it into passages", async () => {
    const created = await createEntry(t.app, me.headers, {
      title: "Lab safety briefing",
      content: "Goggles stay on in the wet lab; spills are reported to the technician at once.",
      tags: [" safety ", "labs", "", "safety"],
    });
    expect(created).toMatchObject({
      facultyId: me.faculty.id,
      fileType: "text",
      fileUrl: null,
      tags: ["safety", "labs"],
      isPrivate: true,
      status: "pending",
      fileSize: 0,
    });
    const ready = await waitForEntry(t.app, me.headers, created.id);
    expect(ready.status).toBe("ready");
    expect(ready.passageCount).toBeGreaterThan(0);
  }, 60_000);

  it("keeps entries to their owner: list 403 for another id, 404 for someone else's entry", async () => {
    const mine = await createEntry(t.app, me.headers, { title: "Private grading notes" });
    const list = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/faculty/${me.faculty.id}?limit=1`,
      headers: me.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(Number(list.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
    expect(list.json()[0]).toMatchObject({ id: mine.id, contentTruncated: false, ownerName: null });

    const theirs = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/faculty/${me.faculty.id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(403);
    const otherList = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/faculty/${other.faculty.id}`,
      headers: other.headers,
    });
    expect(otherList.json()).toEqual([]);

    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", { title: "Taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/knowledge-base/${mine.id}`,
        headers: other.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe(KNOWLEDGE_MESSAGES.notFound);
    }
    const still = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/${mine.id}`,
      headers: me.headers,
    });
    expect(still.json().title).toBe("Private grading notes");
  });

  it("refuses a body facultyId of someone else (403) and a typed entry with a file type (400)", async () => {
    const forged = await post(me, {
      facultyId: other.faculty.id,
      title: "Forged",
      content: "Long enough content here.",
    });
    expect(forged.statusCode).toBe(403);
    const typed = await post(me, { title: "Typed", content: "Long enough content here.", fileType: "pdf" });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(KNOWLEDGE_MESSAGES.typedIsText);
  });

  it("edits title, content, tags and privacy, and indexes the new text", async () => {
    const entry = await readyEntry(t.app, me.headers, {
      title: "Field trip checklist",
      content: "Permission slips, first aid kit, and a headcount at every stop.",
    });
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/knowledge-base/${entry.id}`,
      headers: me.headers,
      payload: { title: "Museum visit checklist", tags: ["trips"], isPrivate: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "Museum visit checklist",
      tags: ["trips"],
      isPrivate: false,
    });
    expect(edited.json().status).toBe("pending");
    const ready = await waitForEntry(t.app, me.headers, entry.id);
    const [passage] = await selectRows<{ content: string }>(
      t.database.db,
      sql`select content from passage where knowledge_entry_id = ${entry.id} order by passage_index limit 1`,
    );
    expect(ready.status).toBe("ready");
    expect(passage?.content).toContain("Museum visit checklist");

    const nothing = await t.app.inject({
      method: "PUT",
      url: `/api/knowledge-base/${entry.id}`,
      headers: me.headers,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain("Nothing to update");
  }, 60_000);

  it("deletes an entry with its passages (404 afterwards)", async () => {
    const entry = await readyEntry(t.app, me.headers, { title: "Seminar seating plan" });
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/knowledge-base/${entry.id}`,
      headers: me.headers,
    });
    expect(gone.statusCode).toBe(204);
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from passage where knowledge_entry_id = ${entry.id}`,
    );
    expect(Number(row?.n)).toBe(0);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/knowledge-base/${entry.id}`,
      headers: me.headers,
    });
    expect(again.statusCode).toBe(404);
  }, 60_000);

  it("answers a student 403 on every knowledge route", async () => {
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/api/knowledge-base/faculty/${student.faculty.id}`],
      ["GET", `/api/knowledge-base/search/${student.faculty.id}?query=abc`],
      ["GET", "/api/knowledge-base/stats"],
      ["GET", "/api/knowledge-base/1"],
      ["POST", "/api/knowledge-base", { title: "Mine", content: "Long enough content here." }],
      ["PUT", "/api/knowledge-base/1", { title: "Mine" }],
      ["DELETE", "/api/knowledge-base/1"],
      ["POST", "/api/knowledge-base/ask", { question: "What is the policy?" }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await t.app.inject({
        method: method as "GET",
        url,
        headers: student.headers,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("browsing the institution scope without a query", () => {
  it("lists colleagues' shared entries of the same institution, paged, with their owners' names", async () => {
    const reader = await signedInFaculty(t.app, t.database.db, { institution: "Westfield University" });
    const colleague = await signedInFaculty(t.app, t.database.db, {
      institution: " westfield university",
      name: "Dana Okafor",
    });
    const outsider = await signedInFaculty(t.app, t.database.db, { institution: "Eastgate College" });
    await createEntry(t.app, reader.headers, { title: "My private syllabus notes" });
    await createEntry(t.app, reader.headers, { title: "My shared rubric", isPrivate: false });
    const older = await createEntry(t.app, colleague.headers, {
      title: "Field trip checklist",
      isPrivate: false,
    });
    const newer = await createEntry(t.app, colleague.headers, {
      title: "Lab safety briefing",
      isPrivate: false,
    });
    const hidden = await createEntry(t.app, colleague.headers, { title: "Colleague's private drafts" });
    await createEntry(t.app, outsider.headers, { title: "Eastgate shared rubric", isPrivate: false });

    const list = (query: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/knowledge-base/faculty/${reader.faculty.id}?${query}`,
        headers: reader.headers,
      });
    const all = await list("scope=institution");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers["x-total-count"]).toBe("2");
    expect(all.json().map((entry: { id: number }) => entry.id)).toEqual([newer.id, older.id]);
    for (const entry of all.json()) {
      expect(entry).toMatchObject({
        facultyId: colleague.faculty.id,
        isPrivate: false,
        ownerName: "Dana Okafor",
      });
    }
    expect(all.json().map((entry: { id: number }) => entry.id)).not.toContain(hidden.id);

    const second = await list("scope=institution&limit=1&offset=1");
    expect(second.headers["x-total-count"]).toBe("2");
    expect(second.json().map((entry: { id: number }) => entry.id)).toEqual([older.id]);

    // One's own list is unchanged: one's own entries, private ones included.
    const own = await list("scope=own");
    expect(
      own
        .json()
        .map((entry: { title: string }) => entry.title)
        .sort(),
    ).toEqual(["My private syllabus notes", "My shared rubric"]);
    expect((await list("scope=everyone")).statusCode).toBe(400);

    // A shared entry opens read-only for the colleague, with its owner; a private one stays 404.
    const opened = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/${newer.id}`,
      headers: reader.headers,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id: newer.id,
      title: "Lab safety briefing",
      ownerName: "Dana Okafor",
    });
    for (const [method, id] of [
      ["GET", hidden.id],
      ["PUT", newer.id],
      ["DELETE", newer.id],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/knowledge-base/${id}`,
        headers: reader.headers,
        ...(method === "PUT" ? { payload: { title: "Mine now" } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
    const fromOutside = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/${newer.id}`,
      headers: outsider.headers,
    });
    expect(fromOutside.statusCode).toBe(404);
  });
});

describe("uploaded entries (server side)", () => {
  it("takes fileType and fileSize from the stored object and keeps an image's description, searchable", async () => {
    const fileUrl = await uploadFile(t.app, me.headers, "Poster.PNG", PNG);
    const created = await createEntry(t.app, me.headers, {
      title: "Conference poster",
      content: "Our poster on peer instruction, shown at the spring conference.",
      fileUrl,
      fileType: "pdf",
      tags: ["png"],
    });
    expect(created).toMatchObject({ fileType: "png", fileUrl, fileSize: PNG.length });
    const ready = await waitForEntry(t.app, me.headers, created.id);
    expect(ready).toMatchObject({
      status: "ready",
      content: "Our poster on peer instruction, shown at the spring conference.",
    });

    const again = await post(me, { title: "Twice", content: "Long enough content here.", fileUrl });
    expect(again.statusCode).toBe(409);
    const asDocument = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: me.headers,
      payload: { fileName: "Poster.PNG", fileUrl },
    });
    expect(asDocument.statusCode).toBe(409);
  }, 60_000);

  it("refuses someone else's upload, an unfinished one, and a name that contradicts the bytes", async () => {
    const theirs = await uploadFile(
      t.app,
      other.headers,
      "notes.txt",
      Buffer.from("Their own notes on sampling.\n"),
    );
    const stolen = await post(me, { title: "Stolen", content: "Long enough content here.", fileUrl: theirs });
    expect(stolen.statusCode).toBe(400);
    const made = await post(me, {
      title: "Made up",
      content: "Long enough content here.",
      fileUrl: "/objects/uploads/00000000-0000-4000-8000-000000000000",
    });
    expect(made.statusCode).toBe(400);
    const lying = await uploadFile(t.app, me.headers, "report.pdf", PNG);
    const mismatch = await post(me, {
      title: "Lying name",
      content: "Long enough content here.",
      fileUrl: lying,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(KNOWLEDGE_MESSAGES.typeMismatch);
  });

  it("deleting an uploaded entry removes its upload and stored object", async () => {
    const fileUrl = await uploadFile(
      t.app,
      me.headers,
      "handout.txt",
      Buffer.from("Handout on stratified sampling and weights.\n"),
    );
    const entry = await createEntry(t.app, me.headers, { title: "Sampling handout", fileUrl });
    await waitForEntry(t.app, me.headers, entry.id);
    const download = await t.app.inject({ method: "GET", url: fileUrl, headers: me.headers });
    expect(download.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/knowledge-base/${entry.id}`,
      headers: me.headers,
    });
    expect(gone.statusCode).toBe(204);
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from upload where object_key = ${fileUrl.replace("/objects/", "")}`,
    );
    expect(Number(row?.n)).toBe(0);
    const after = await t.app.inject({ method: "GET", url: fileUrl, headers: me.headers });
    expect(after.statusCode).toBe(404);
  }, 60_000);
});

describe("stats (the Stats and Filters panels)", () => {
  it("counts one's entries, passages, types, storage and the most used tags people gave", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    await readyEntry(t.app, who.headers, { title: "One", tags: ["alpha", "beta"] });
    await readyEntry(t.app, who.headers, { title: "Two", tags: ["alpha"] });
    const fileUrl = await uploadFile(t.app, who.headers, "dot.png", PNG);
    const dot = await waitForEntry(
      t.app,
      who.headers,
      (await createEntry(t.app, who.headers, { title: "Dot", fileUrl, tags: ["pixel"] })).id,
    );
    // The uploaded file's entry carries its type as a tag...
    expect(dot.tags).toEqual(["pixel", "png"]);
    const stats = await t.app.inject({
      method: "GET",
      url: "/api/knowledge-base/stats",
      headers: who.headers,
    });
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(body).toMatchObject({
      entries: 3,
      storageBytes: PNG.length,
      // ...which the Tags filter leaves to the Types filter, so the type is not offered twice.
      tags: [
        { tag: "alpha", count: 2 },
        { tag: "beta", count: 1 },
        { tag: "pixel", count: 1 },
      ],
    });
    expect(body.passages).toBeGreaterThanOrEqual(3);
    expect(body.byType).toEqual([
      { fileType: "text", count: 2 },
      { fileType: "png", count: 1 },
    ]);
    expect(KNOWLEDGE_LIMITS.filterTags).toBe(10);
  }, 60_000);
});
