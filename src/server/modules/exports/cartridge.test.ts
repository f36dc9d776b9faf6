import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { emptyMethodology } from "#shared/domain/wizard.ts";
import type { RetrievalItem } from "#shared/schemas/pivot-assets.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp, testConfig } from "../../test/test-app.ts";
import { toolAddresses } from "../lti/lti.service.ts";
import { conceptChecksQti } from "./cartridge.qti.ts";

const SCHEMAS = path.join(import.meta.dirname, "test-fixtures", "cc-1.1");
const xmllintFound = spawnSync("xmllint", ["--version"]).status === 0;
// Under CI a missing xmllint fails the validation test instead of skipping it (.ci/run installs it).
const skipValidation = !xmllintFound && process.env.CI !== "true";

const PUBLIC_URL = "https://pivot.example.edu";
const TRICKY = `Salt <marsh> & "tides"`;

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;
let student: Awaited<ReturnType<typeof signedInFaculty>>;
let projectId: number;
let cardIds: number[];
let exampleId: number;
let questionIds: number[];

const post = async (url: string, payload: Record<string, unknown>) => {
  const reply = await t.app.inject({ method: "POST", url, headers: alice.headers, payload });
  if (reply.statusCode !== 201) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json() as { id: number };
};

const exportProject = (id: number, headers: Record<string, string>, format = "imscc") =>
  t.app.inject({ method: "GET", url: `/api/projects/${id}/export?format=${format}`, headers });

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
  const project = await createProjectViaApi(t.app, alice.headers, {
    title: `Estuary Study: ${TRICKY}`,
    discipline: "chemistry",
    methodology: {
      ...emptyMethodology(),
      discipline: "chemistry",
      pivotConcepts: "Salinity\nDissolved oxygen",
      launchApplications: `Sample the ${TRICKY} at three sites`,
      collaborationMethods: "Teams of three",
    },
  });
  projectId = project.id;
  const card = (title: string, attached: boolean) =>
    post("/api/pivot-cards", {
      title,
      discipline: "chemistry",
      definition: `${title}: a definition with ${TRICKY}`,
      misconceptions: ["Salt water freezes like fresh water"],
      ...(attached ? { projectId } : {}),
    });
  const salinity = await card("Salinity", true);
  const oxygen = await card("Dissolved oxygen", true);
  const elsewhere = await card("Not in this project", false);
  cardIds = [salinity.id, oxygen.id];
  exampleId = (
    await post("/api/worked-examples", {
      pivotCardId: salinity.id,
      title: "Reading a refractometer",
      steps: ["Calibrate with distilled water", "Read the scale"],
      selfExplanationPrompts: ["Why calibrate first?"],
      completionProblem: "Read the second sample.",
    })
  ).id;
  await post("/api/worked-examples", { pivotCardId: elsewhere.id, title: "Elsewhere", steps: ["One"] });
  const check = await post("/api/retrieval-items", {
    pivotCardId: oxygen.id,
    type: "concept-check",
    question: `Which holds more oxygen: ${TRICKY}?`,
    options: ["Cold water", 'Warm <water> & "brine"'],
    correctIndex: 0,
  });
  const flashcard = await post("/api/retrieval-items", {
    pivotCardId: salinity.id,
    type: "flashcard",
    question: "What unit is salinity given in?",
    answer: "Practical salinity units (PSU) & <ppt>",
  });
  await post("/api/retrieval-items", {
    pivotCardId: elsewhere.id,
    type: "flashcard",
    question: "Not exported?",
    answer: "No.",
  });
  questionIds = [flashcard.id, check.id];
});
afterAll(() => t?.close());

/** The package's files by name, as text. */
async function unzipped(body: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(body);
  const files = new Map<string, string>();
  for (const entry of Object.values(zip.files)) {
    if (!entry.dir) files.set(entry.name, await entry.async("string"));
  }
  return files;
}

async function exported() {
  const reply = await exportProject(projectId, alice.headers);
  expect(reply.statusCode).toBe(200);
  return unzipped(reply.rawPayload);
}

/** xmllint's verdict on a file against a schema of the fixtures folder: "" when it validates. */
function validationErrors(xml: string, schema: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-cartridge-"));
  try {
    const file = path.join(dir, "file.xml");
    fs.writeFileSync(file, xml);
    const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", path.join(SCHEMAS, schema), file], {
      encoding: "utf8",
    });
    if (run.status === 0) return "";
    return run.stderr || run.error?.message || `xmllint exited with ${run.status}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The texts of the elements named `tag` (qualified), as an XML parser reads them back. */
const textsOf = (xml: string, tag: string) =>
  Array.from((create(xml).node as unknown as Document).getElementsByTagName(tag), (node) => node.textContent);

describe("a project as an IMS Common Cartridge", () => {
  it("downloads as {title}.imscc with the IMS media type", async () => {
    const reply = await exportProject(projectId, alice.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/vnd.ims.imsccv1p1");
    expect(reply.headers["content-disposition"]).toContain('filename="estuary-study-salt-marsh-tides.imscc"');
  });

  it("holds the manifest, a page per part, card and worked example, the assessment and the LTI link", async () => {
    const files = await exported();
    expect([...files.keys()].sort()).toEqual(
      [
        "imsmanifest.xml",
        "pages/launch-brief.html",
        "pages/pivot-concepts.html",
        `pages/card-${cardIds[0]}.html`,
        `pages/card-${cardIds[1]}.html`,
        `pages/example-${exampleId}.html`,
        "concept_checks/assessment.xml",
        "project_link.xml",
      ].sort(),
    );
  });

  it("lists the resources in the manifest in order: brief, concepts, cards, examples, assessment, link", async () => {
    const manifest = (await exported()).get("imsmanifest.xml") ?? "";
    const titles = [...manifest.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(titles).toEqual([
      "Launch brief",
      "Pivot concepts",
      "Pivot card: Salinity",
      "Pivot card: Dissolved oxygen",
      "Worked example: Reading a refractometer",
      "Concept checks",
      'Estuary Study: Salt &lt;marsh&gt; &amp; "tides"',
    ]);
    expect(manifest).toContain('type="imsqti_xmlv1p2/imscc_xmlv1p1/assessment"');
    expect(manifest).toContain('type="imsbasiclti_xmlv1p0"');
    expect(manifest).toContain("<schemaversion>1.1.0</schemaversion>");
  });

  it.skipIf(skipValidation)(
    "validates against the Common Cartridge 1.1 schemas with xmllint (skipped when xmllint is missing outside CI: install libxml2-utils)",
    async () => {
      expect(xmllintFound, "xmllint is missing: install Debian's libxml2-utils").toBe(true);
      const files = await exported();
      expect(validationErrors(files.get("imsmanifest.xml") ?? "", "ccv1p1_imscp_v1p2_v1p0.xsd")).toBe("");
      expect(
        validationErrors(files.get("concept_checks/assessment.xml") ?? "", "ccv1p1_qtiasiv1p2p1_v1p0.xsd"),
      ).toBe("");
      expect(validationErrors(files.get("project_link.xml") ?? "", "imslticc_v1p0p1.xsd")).toBe("");
      // The schemas do catch a broken file.
      expect(validationErrors("<manifest/>", "ccv1p1_imscp_v1p2_v1p0.xsd")).not.toBe("");
    },
  );

  it("escapes markup characters, and they read back as written", async () => {
    const files = await exported();
    const manifest = files.get("imsmanifest.xml") ?? "";
    expect(manifest).toContain("Estuary Study: Salt &lt;marsh&gt; &amp;");
    expect(textsOf(manifest, "lomimscc:string")).toEqual([`Estuary Study: ${TRICKY}`]);
    const qti = files.get("concept_checks/assessment.xml") ?? "";
    expect(qti).toContain("Warm &lt;water&gt; &amp;");
    expect(textsOf(qti, "mattext")).toEqual(
      expect.arrayContaining([`Which holds more oxygen: ${TRICKY}?`, 'Warm <water> & "brine"']),
    );
    const brief = files.get("pages/launch-brief.html") ?? "";
    expect(brief).toContain("Sample the Salt &lt;marsh&gt; &amp; &quot;tides&quot; at three sites");
    expect(brief).not.toContain("<marsh>");
  });

  it("asks the concept check as multiple choice and the flashcard as an essay, in the cards' order", async () => {
    const qti = (await exported()).get("concept_checks/assessment.xml") ?? "";
    const items = [...qti.matchAll(/<item ident="item_(\d+)"/g)].map((match) => Number(match[1]));
    expect(items).toEqual(questionIds);
    expect(qti).toContain("cc.multiple_choice.v0p1");
    expect(qti).toContain("cc.essay.v0p1");
    expect(qti).toContain('<varequal respident="response1">choice1</varequal>');
    expect(qti).toContain("Expected answer: Practical salinity units (PSU) &amp; &lt;ppt&gt;");
    expect(qti).not.toContain("Not exported?");
  });

  it("links back to the project through the tool's LTI launch address, with the project's id", async () => {
    const link = (await exported()).get("project_link.xml") ?? "";
    const { launchUrl } = toolAddresses(testConfig({ publicUrl: PUBLIC_URL }));
    expect(launchUrl).toBe(`${PUBLIC_URL}/lti/launch`);
    expect(link).toContain(`<blti:launch_url>${launchUrl}</blti:launch_url>`);
    expect(link).toContain(`<lticm:property name="project_id">${projectId}</lticm:property>`);
    expect(link).toContain('<blti:title>Estuary Study: Salt &lt;marsh&gt; &amp; "tides"</blti:title>');
  });

  it("leaves the assessment out of a project without questions", async () => {
    const bare = await createProjectViaApi(t.app, alice.headers, { title: "No cards yet" });
    const reply = await exportProject(bare.id, alice.headers);
    expect(reply.statusCode).toBe(200);
    const files = await unzipped(reply.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      ["imsmanifest.xml", "pages/launch-brief.html", "pages/pivot-concepts.html", "project_link.xml"].sort(),
    );
    if (!skipValidation)
      expect(validationErrors(files.get("imsmanifest.xml") ?? "", "ccv1p1_imscp_v1p2_v1p0.xsd")).toBe("");
  });

  it("drops the characters XML 1.0 cannot hold instead of writing a broken file", () => {
    const question = {
      id: 1,
      pivotCardId: 1,
      pivotCardTitle: "Card",
      type: "flashcard",
      question: "Bell\u0007 and null\u0000?",
      answer: "Form feed\u000c",
      options: null,
      correctIndex: null,
    } as unknown as RetrievalItem;
    const qti = conceptChecksQti("checks", "Checks", [question]);
    expect(textsOf(qti, "mattext")).toEqual(["Bell and null?", "Expected answer: Form feed"]);
  });

  it("answers 404 to another instructor and for an unknown project, 403 to a student", async () => {
    expect((await exportProject(projectId, bob.headers)).statusCode).toBe(404);
    expect((await exportProject(999_999, alice.headers)).statusCode).toBe(404);
    expect((await exportProject(projectId, student.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/export` })).statusCode).toBe(
      401,
    );
  });

  it("answers 400 naming the allowed format for any other format", async () => {
    const reply = await exportProject(projectId, alice.headers, "scorm");
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain("imscc");
  });
});
