import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeHit } from "#shared/schemas/knowledge-base.ts";
import { signedInFaculty } from "../../test/factories.ts";
import {
  createEntry,
  fastJobs,
  readyEntry,
  searchEntries,
  uploadFile,
  waitForEntry,
} from "../../test/knowledge.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { makeDocx, makePdf, prose } from "../../test/text-fixtures.ts";

// Ranked search of one's own entries and of colleagues' shared ones,
// through the real routes, job queue and extraction (no AI key here: full-text ranking only).

type Who = Awaited<ReturnType<typeof signedInFaculty>>;

let t: TestApp;
let me: Who;
let colleague: Who;
let outsider: Who;

beforeAll(async () => {
  t = await createTestApp({ config: { jobs: fastJobs } });
  me = await signedInFaculty(t.app, t.database.db, { institution: "Northfield University" });
  // The same institution, written differently: compared trimmed and case-insensitively.
  colleague = await signedInFaculty(t.app, t.database.db, { institution: "  northfield UNIVERSITY " });
  outsider = await signedInFaculty(t.app, t.database.db, { institution: "Southgate College" });
}, 30_000);
afterAll(async () => {
  await t?.close();
});

const ids = (hits: KnowledgeHit[]) => hits.map((hit) => hit.id);
const search = async (who: Who, query: Record<string, string>) => {
  const response = await searchEntries(t.app, who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as KnowledgeHit[];
};

describe("privacy: own and institution scopes", () => {
  it("finds only one's own entries, and colleagues' shared ones only in the institution scope", async () => {
    const words = "Capstone presentation rubric with criteria for teamwork.";
    const mine = await readyEntry(t.app, me.headers, { title: "Capstone rubric (mine)", content: words });
    const sharedColleague = await readyEntry(t.app, colleague.headers, {
      title: "Capstone rubric (colleague, shared)",
      content: words,
      isPrivate: false,
    });
    const privateColleague = await readyEntry(t.app, colleague.headers, {
      title: "Capstone rubric (colleague, private)",
      content: words,
    });
    const sharedOutsider = await readyEntry(t.app, outsider.headers, {
      title: "Capstone rubric (other institution, shared)",
      content: words,
      isPrivate: false,
    });

    expect(ids(await search(me, { query: "capstone rubric" }))).toEqual([mine.id]);
    expect(ids(await search(colleague, { query: "capstone rubric" })).sort()).toEqual(
      [sharedColleague.id, privateColleague.id].sort(),
    );
    expect(ids(await search(outsider, { query: "capstone rubric" }))).toEqual([sharedOutsider.id]);

    const shared = await search(me, { query: "capstone rubric", scope: "institution" });
    expect(ids(shared)).toEqual([sharedColleague.id]);
    expect(shared[0]).toMatchObject({
      scope: "institution",
      ownerName: colleague.faculty.name,
      isPrivate: false,
    });
    // The colleague sees none of mine (private), and the other institution none of theirs.
    expect(await search(colleague, { query: "capstone", scope: "institution" })).toEqual([]);
    expect(await search(outsider, { query: "capstone", scope: "institution" })).toEqual([]);

    // Found and readable by id (read-only), never editable or deletable by the colleague.
    const read = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/${sharedColleague.id}`,
      headers: me.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: sharedColleague.id, ownerName: colleague.faculty.name });
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/knowledge-base/${sharedColleague.id}`,
        headers: me.headers,
        ...(method === "PUT" ? { payload: { title: "Mine now" } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
    // Another person's id in the path: 403.
    const forged = await t.app.inject({
      method: "GET",
      url: `/api/knowledge-base/search/${colleague.faculty.id}?query=capstone`,
      headers: me.headers,
    });
    expect(forged.statusCode).toBe(403);
  }, 90_000);
});

describe("ranking", () => {
  let who: Who;
  beforeAll(async () => {
    who = await signedInFaculty(t.app, t.database.db);
  });

  it("ranks a title match above a body match, and a tag match above a body match", async () => {
    const body = await readyEntry(t.app, who.headers, {
      title: "Week three reading list",
      content: "Chapter four covers osmosis in plant cells, with a short lab.",
    });
    const titled = await readyEntry(t.app, who.headers, {
      title: "Osmosis demonstration",
      content: "Eggs in vinegar, then in syrup: the shell dissolves and the membrane shows the effect.",
    });
    const tagged = await readyEntry(t.app, who.headers, {
      title: "Potato strip lab",
      content: "Strips in salt water lose mass; strips in pure water gain mass overnight.",
      tags: ["osmosis"],
    });
    const hits = await search(who, { query: "osmosis" });
    expect(ids(hits)).toEqual([titled.id, tagged.id, body.id]);
    expect(hits[0]?.score).toBeGreaterThan(hits[2]?.score ?? 0);
    expect(hits[2]?.passageIndex).toBe(0);
  }, 90_000);

  it("stems English words, matches quoted phrases in order, and excludes -words", async () => {
    const graded = await readyEntry(t.app, who.headers, {
      title: "Feedback habits",
      content: "Essays are graded within a week and returned with peer review comments.",
    });
    const reversed = await readyEntry(t.app, who.headers, {
      title: "Reading group",
      content: "We review the grading of each peer in the seminar and survey the students.",
    });
    expect(ids(await search(who, { query: "grading" })).sort()).toEqual([graded.id, reversed.id].sort());
    expect(ids(await search(who, { query: '"peer review"' }))).toEqual([graded.id]);
    expect(ids(await search(who, { query: "grading -survey" }))).toEqual([graded.id]);
  }, 90_000);

  it("finds a title with a one-letter typo (pg_trgm and the templates' word correction)", async () => {
    const entry = await readyEntry(t.app, who.headers, {
      title: "Thermodynamics primer",
      content: "Energy is conserved; entropy of an isolated system never decreases.",
    });
    expect(ids(await search(who, { query: "thermodinamics" }))).toContain(entry.id);
    expect(ids(await search(who, { query: "thermodynamic primr" }))).toContain(entry.id);
  }, 60_000);

  it("keeps HTML in snippets as text and marks the matched words", async () => {
    await readyEntry(t.app, who.headers, {
      title: "Web safety note",
      content:
        'Students pasted <script>alert("x")</script> & <b>bold</b> into the glossary of stoichiometry terms.',
    });
    const [hit] = await search(who, { query: "stoichiometry" });
    expect(hit?.snippet.filter((part) => part.marked)).toEqual([{ text: "stoichiometry", marked: true }]);
    // The markup is the entry's text and comes back as text, unescaped: parts are never HTML.
    const snippetText = hit?.snippet.map((part) => part.text).join("");
    expect(snippetText).toContain('<script>alert("x")</script> & <b>bold</b>');
  }, 60_000);

  it("narrows by tags (every one given) and by file type (any given)", async () => {
    const both = await readyEntry(t.app, who.headers, {
      title: "Titration lab A",
      content: "Burette readings for the titration practical.",
      tags: ["chemistry", "lab"],
    });
    const one = await readyEntry(t.app, who.headers, {
      title: "Titration lab B",
      content: "Indicator colours for the titration practical.",
      tags: ["chemistry"],
    });
    expect(ids(await search(who, { query: "titration", tags: "chemistry,lab" }))).toEqual([both.id]);
    expect(ids(await search(who, { query: "titration", tags: "chemistry" })).sort()).toEqual(
      [both.id, one.id].sort(),
    );
    expect(await search(who, { query: "titration", fileType: "pdf" })).toEqual([]);
    expect(ids(await search(who, { query: "titration", fileType: "pdf,text" })).length).toBe(2);
    const bad = await searchEntries(t.app, who, { query: "titration", fileType: "exe" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Unsupported file type");
    expect(await search(who, { query: "   " })).toEqual([]);
  }, 60_000);
});

describe("quick upload entries are searchable", () => {
  it("finds a generated PDF and DOCX by a word on their last page, with the PDF's page", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const pdf = await makePdf([
      prose("river sediment", 6),
      prose("delta formation", 6),
      [...prose("wetland birds", 4), "The last page names the quokka."],
    ]);
    const docx = await makeDocx([...prose("lichen growth", 20), "The final paragraph names the axolotl."]);
    const pdfUrl = await uploadFile(t.app, who.headers, "Field guide.pdf", pdf);
    const docxUrl = await uploadFile(t.app, who.headers, "notes.docx", docx);
    const pdfEntry = await createEntry(t.app, who.headers, {
      title: "Field guide",
      content: "Uploaded file: Field guide.pdf",
      fileUrl: pdfUrl,
      tags: ["pdf"],
    });
    const docxEntry = await createEntry(t.app, who.headers, {
      title: "Lichen notes",
      fileUrl: docxUrl,
      tags: ["botany"],
    });
    // Each uploaded file's entry is tagged with its type.
    expect(docxEntry.tags).toEqual(["botany", "docx"]);
    expect(pdfEntry.fileType).toBe("pdf");
    expect(pdfEntry.tags).toEqual(["pdf"]);
    expect(docxEntry.fileType).toBe("docx");
    const readyPdf = await waitForEntry(t.app, who.headers, pdfEntry.id);
    const readyDocx = await waitForEntry(t.app, who.headers, docxEntry.id);
    expect(readyPdf.status).toBe("ready");
    expect(readyDocx.status).toBe("ready");
    // The entry's content became the file's text.
    expect(readyPdf.content).toContain("river sediment");
    expect(readyDocx.content).toContain("axolotl");

    const [pdfHit] = await search(who, { query: "quokka" });
    // The page is where the matching passage starts (passages overlap a little across pages).
    expect(pdfHit?.id).toBe(pdfEntry.id);
    expect(pdfHit?.page).toBeGreaterThanOrEqual(2);
    expect(pdfHit?.snippet).toContainEqual({ text: "quokka", marked: true });
    const [docxHit] = await search(who, { query: "axolotl" });
    expect(docxHit?.id).toBe(docxEntry.id);
    expect(docxHit?.passageIndex).toBeGreaterThan(0);
  }, 120_000);
});
