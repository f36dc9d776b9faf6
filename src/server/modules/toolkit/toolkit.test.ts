import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASTERY_MEANING } from "#shared/domain/mastery.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { officeCommand, pdfFromOffice } from "../../test/office.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { analyticsEventTable } from "../analytics/analytics.table.ts";
import { objectiveConversionTable } from "../objective-conversions/objective-conversions.table.ts";
import { pivotCardTable } from "../pivot-assets/pivot-assets.table.ts";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  alice = await signedInFaculty(t.app, db, { name: "Alice Archer" });
  bob = await signedInFaculty(t.app, db, { name: "Bob Baker" });
  const harbour = await createProjectViaApi(t.app, alice.headers, { title: "Harbour Water Study" });
  await createProjectViaApi(t.app, bob.headers, { title: "Bob's Secret Project" });
  await db.insert(objectiveConversionTable).values([
    {
      facultyId: alice.faculty.id,
      discipline: "chemistry",
      originalObjective: "Students will understand titration",
      convertedFramework: "Pivot: acid-base equilibria. Launch: testing the harbour's water.",
      source: "template",
      feedbackRating: 5,
    },
    {
      facultyId: alice.faculty.id,
      discipline: "chemistry",
      originalObjective: "An unrated objective",
      convertedFramework: "Not rated",
      source: "template",
      feedbackRating: null,
    },
  ]);
  await db.insert(analyticsEventTable).values([
    {
      facultyId: alice.faculty.id,
      eventType: "template_used",
      eventData: { templateId: 1, templateName: "River Lab" },
    },
    {
      facultyId: alice.faculty.id,
      eventType: "template_used",
      eventData: { templateId: 1, templateName: "River Lab" },
    },
    {
      facultyId: bob.faculty.id,
      eventType: "template_used",
      eventData: { templateId: 2, templateName: "Bob's Template" },
    },
  ]);
  await db.insert(pivotCardTable).values({
    facultyId: alice.faculty.id,
    projectId: harbour.id,
    title: "Calibration Curves",
    discipline: "chemistry",
    definition: "d",
    constraints: "c",
    minimalExample: "m",
    counterExample: "x",
    misconceptions: [],
  });
});
afterAll(() => t?.close());

const toolkit = (format: string, headers: Record<string, string> = alice.headers) =>
  t.app.inject({ method: "GET", url: `/api/export/toolkit?format=${format}`, headers });

describe("GET /api/export/toolkit", () => {
  it("answers JSON with the method and the person's own material only", async () => {
    const reply = await toolkit("json");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(reply.headers["content-disposition"]).toContain('filename="pbl-toolkit-guide.json"');
    const body = reply.json();
    expect(body.method.wizardSteps).toHaveLength(5);
    expect(body.method.antiOverloadPrinciples.length).toBeGreaterThan(3);
    expect(body.projects.map((p: { title: string }) => p.title)).toEqual(["Harbour Water Study"]);
    expect(body.projects[0].methodology.classSize).toBe("40");
    expect(body.ratedConversions).toHaveLength(1);
    expect(body.ratedConversions[0]).toMatchObject({ feedbackRating: 5 });
    expect(body.templatesUsed).toEqual([{ name: "River Lab", uses: 2 }]);
    expect(body.pivotCards).toEqual([
      expect.objectContaining({ title: "Calibration Curves", masteryLevel: 0 }),
    ]);
    expect(reply.body).not.toContain("Bob");
  });

  it("answers text with the method, the steps and the projects", async () => {
    const reply = await toolkit("text");
    expect(reply.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(reply.headers["content-disposition"]).toContain('filename="pbl-toolkit-guide.txt"');
    for (const expected of [
      "PIVOT-AND-LAUNCH PBL TOOLKIT GUIDE",
      "Anti-Overload Principles",
      "Step 5: Implementation Plan",
      "Harbour Water Study",
      "Class Size: 40",
      "River Lab (used 2 times)",
      "Calibration Curves | Chemistry | 0% | 0",
      // What the mastery figure means, written out since a document has no tooltip.
      MASTERY_MEANING,
    ]) {
      expect(reply.body).toContain(expected);
    }
  });

  it("answers Word-compatible HTML and printable HTML under names of their own", async () => {
    const word = await toolkit("word");
    expect(word.headers["content-type"]).toBe("text/html; charset=utf-8");
    // Two .html files under one name: the second download would replace the first or become "(1)".
    expect(word.headers["content-disposition"]).toContain('filename="pbl-toolkit-guide-word.html"');
    expect(word.body).toContain('xmlns:w="urn:schemas-microsoft-com:office:word"');
    expect(word.body).toContain('<meta name="ProgId" content="Word.Document">');
    expect(word.body).toContain("Harbour Water Study");
    const html = await toolkit("html");
    expect(html.headers["content-disposition"]).toContain('filename="pbl-toolkit-guide-print.html"');
    expect(html.body).not.toContain("urn:schemas-microsoft-com");
    expect(html.body).toMatch(/<h1>Pivot-and-Launch PBL Toolkit Guide<\/h1>/);
  });

  it("answers a real PDF whose text holds the method and the project titles", async () => {
    const reply = await toolkit("pdf");
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toContain('filename="pbl-toolkit-guide.pdf"');
    const pdf = await getDocumentProxy(new Uint8Array(reply.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "Pivot-and-Launch PBL Toolkit Guide",
      "Anti-Overload Principles",
      "Harbour Water Study",
      "Calibration Curves",
    ])
      expect(flat).toContain(expected);
    expect(flat).not.toContain("Bob");
  });

  it("answers a Word document with the same content", async () => {
    const reply = await toolkit("docx");
    expect(reply.headers["content-disposition"]).toContain('filename="pbl-toolkit-guide.docx"');
    const { value } = await mammoth.extractRawText({ buffer: reply.rawPayload });
    expect(value).toContain("Harbour Water Study");
    expect(value).toContain("Students will understand titration");
  });

  it.skipIf(!officeCommand)(
    "writes a Word document that LibreOffice opens",
    async () => {
      const reply = await toolkit("docx");
      expect(pdfFromOffice(reply.rawPayload, "pbl-toolkit-guide.docx")?.length ?? 0).toBeGreaterThan(5_000);
    },
    90_000,
  );

  it("refuses an unknown format and callers without a session", async () => {
    const bad = await toolkit("xlsx");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Format must be one of: json, text, word, html, pdf, docx");
    expect((await toolkit("json", {})).statusCode).toBe(401);
  });
});
