import type { InjectOptions } from "fastify";
import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateConversion } from "#shared/domain/conversions.ts";
import { emptyMethodology } from "#shared/domain/wizard.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { officeCommand, pdfFromOffice } from "../../test/office.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp(); // the clock reads 2026-09-01
  alice = await signedInFaculty(t.app, t.database.db, { name: "Alice Archer" });
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const methodology = {
  ...emptyMethodology(),
  discipline: "chemistry",
  pivotConcepts: "Calibration curves\nDetection limits",
  classSize: " ",
  timeline: "6 weeks",
};
const body = { title: "  Harbour Water Study ", discipline: "chemistry", methodology };
const download = (payload: Record<string, unknown>, headers: Record<string, string> = alice.headers) =>
  inject({ method: "POST", url: "/api/exports/methodology", headers, payload });

/** spec A §2: the text file as the wizard wrote it before the exports module. */
const EXPECTED_TEXT = `PIVOT-AND-LAUNCH PBL METHODOLOGY
Project: Harbour Water Study
Created: 2026-09-01

STEP 1: SELECT YOUR DISCIPLINE
Discipline: Chemistry

STEP 2: DEFINE CORE CONCEPTS (PIVOT)
Core Concepts: Calibration curves
Detection limits
Assessment Boundaries: Not specified yet

STEP 3: PLAN APPLICATIONS (LAUNCH)
Application Contexts: Not specified yet
Collaboration Methods: Not specified yet

STEP 4: ASSESSMENT STRATEGY
Core Knowledge Assessment: Not specified yet
Application Assessment: Not specified yet
Anti-Overload Measures: Not specified yet

STEP 5: IMPLEMENTATION PLAN
Project Timeline: 6 weeks
Class Size: Not specified yet
Required Resources: Not specified yet
Success Metrics: Not specified yet
`;

describe("POST /api/exports/methodology", () => {
  it("answers the spec's text file by default, byte for byte, named after the project", async () => {
    const reply = await download(body);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(reply.headers["content-disposition"]).toContain(
      'filename="harbour-water-study-methodology-2026-09-01.txt"',
    );
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.rawPayload.equals(Buffer.from(EXPECTED_TEXT))).toBe(true);
    expect((await download({ ...body, format: "txt" })).rawPayload.toString()).toBe(EXPECTED_TEXT);
  });

  it("answers Word with the same content", async () => {
    const reply = await download({ ...body, format: "docx" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(reply.headers["content-disposition"]).toContain(
      'filename="harbour-water-study-methodology-2026-09-01.docx"',
    );
    const { value: text } = await mammoth.extractRawText({ buffer: reply.rawPayload });
    for (const expected of [
      "Pivot-and-Launch PBL Methodology",
      "Project: Harbour Water Study",
      "Step 2: Define Core Concepts (Pivot)",
      "Core Concepts: Calibration curves",
      "Class Size: Not specified yet",
    ]) {
      expect(text).toContain(expected);
    }
    const { value: html } = await mammoth.convertToHtml({ buffer: reply.rawPayload });
    expect(html).toContain("<h1>Step 2: Define Core Concepts (Pivot)</h1>");
    expect(html).toContain("<strong>Core Concepts: </strong>Calibration curves<br />Detection limits");
  });

  it("answers PDF with the same content and the author in its properties", async () => {
    const reply = await download({ ...body, format: "pdf" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toContain(
      'filename="harbour-water-study-methodology-2026-09-01.pdf"',
    );
    const pdf = await getDocumentProxy(new Uint8Array(reply.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "Pivot-and-Launch PBL Methodology",
      "Project: Harbour Water Study",
      "Step 5: Implementation Plan",
      "Project Timeline: 6 weeks",
      "Success Metrics: Not specified yet",
    ]) {
      expect(flat).toContain(expected);
    }
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
    expect(info).toMatchObject({
      Title: "Harbour Water Study: Pivot-and-Launch PBL Methodology",
      Author: "Alice Archer",
    });
  });

  it("answers bad input with 400 and the rule broken", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...body, format: "rtf" }, "Format must be txt, docx or pdf"],
      [{ ...body, title: "ab" }, "Title must be at least 3 characters"],
      [{ discipline: "chemistry", methodology }, "Title is required"],
      [{ ...body, discipline: "astrology" }, "Please select a discipline"],
      [
        { ...body, methodology: { ...methodology, timeline: "x".repeat(5001) } },
        "Each answer must be at most 5,000 characters",
      ],
      [{ ...body, title: "Bad \u0000 title" }, "Title contains a character that cannot be saved"],
    ];
    for (const [payload, message] of cases) {
      const reply = await download(payload);
      expect(reply.statusCode, message).toBe(400);
      expect(reply.json().message).toContain(message);
    }
    const extra = await download({ ...body, facultyId: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it("needs a session: 401 without one, and with the cookie alone (a write)", async () => {
    const anonymous = await download(body, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Please sign in to continue.");
    const login = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: alice.faculty.email, password: alice.faculty.password },
    });
    const cookie = String(login.headers["set-cookie"]).split(";")[0] ?? "";
    expect((await download(body, { cookie })).statusCode).toBe(401);
  });
});

describe("POST /api/exports/conversion", () => {
  const objective = "Students will learn the principles of digital payment systems.";
  const framework = templateConversion("fintech", { originalObjective: objective });
  const conversion = {
    originalObjective: objective,
    discipline: "Fintech",
    convertedFramework: framework,
    source: "template",
  };
  const exportConversion = (
    payload: Record<string, unknown>,
    headers: Record<string, string> = alice.headers,
  ) => inject({ method: "POST", url: "/api/exports/conversion", headers, payload });

  it("answers a text file named after the objective, with the objective, discipline and framework", async () => {
    const reply = await exportConversion(conversion);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(reply.headers["content-disposition"]).toContain(
      'filename="students-will-learn-the-principles-of-digital-pbl-framework-2026-09-01.txt"',
    );
    const text = reply.rawPayload.toString();
    expect(text.startsWith("PBL PROJECT FRAMEWORK\n")).toBe(true);
    expect(text).toContain(`Traditional Objective: ${objective}\n`);
    expect(text).toContain("Discipline: Financial Technology\n");
    expect(text).toContain("Written by: Built-in template\n");
    expect(text).toContain("Created: 2026-09-01\n");
    expect(text).toContain("FRAMEWORK\nFinancial Innovation Challenge\n");
    expect(text).toContain(
      "Pivot: core concepts to strengthen first (weeks 1-3)\n- Payments, lending and investment basics\n",
    );
    // every line of the framework is in the file
    for (const line of framework.split("\n").filter(Boolean)) expect(text).toContain(line.trim());
  });

  it("answers Word with the framework's sections as headings and lists", async () => {
    const reply = await exportConversion({ ...conversion, source: "gpt-4o-mini", format: "docx" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(reply.headers["content-disposition"]).toContain("-pbl-framework-2026-09-01.docx");
    const { value: html } = await mammoth.convertToHtml({ buffer: reply.rawPayload });
    expect(html).toContain("<h2>Launch: apply them in varied contexts (weeks 4-10)</h2>");
    expect(html).toContain("<li>User research summary</li>");
    expect(html).toContain("<strong>Written by: </strong>AI model: gpt-4o-mini");
  });

  it.skipIf(!officeCommand)(
    "writes a Word file that LibreOffice opens",
    async () => {
      const reply = await exportConversion({ ...conversion, format: "docx" });
      expect(pdfFromOffice(reply.rawPayload, "conversion.docx")?.length ?? 0).toBeGreaterThan(5_000);
    },
    90_000,
  );

  it("falls back to a dated name when the objective leaves no file name", async () => {
    const reply = await exportConversion({
      ...conversion,
      originalObjective: "理解区块链共识机制的工作原理。",
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-disposition"]).toContain('filename="PBL-Framework-2026-09-01.txt"');
  });

  it("answers bad input with 400 and the rule broken, and 401 without a session", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...conversion, format: "pdf" }, "Format must be txt or docx"],
      [{ ...conversion, originalObjective: "short" }, "Objective must be at least 10 characters"],
      [{ ...conversion, discipline: "astrology" }, "Please select a discipline"],
      [{ ...conversion, convertedFramework: "  " }, "Converted framework is required"],
      [{ ...conversion, source: "" }, "Source is required"],
    ];
    for (const [payload, message] of cases) {
      const reply = await exportConversion(payload);
      expect(reply.statusCode, message).toBe(400);
      expect(reply.json().message).toContain(message);
    }
    expect((await exportConversion({ ...conversion, facultyId: alice.faculty.id })).statusCode).toBe(400);
    expect((await exportConversion(conversion, {})).statusCode).toBe(401);
  });
});
