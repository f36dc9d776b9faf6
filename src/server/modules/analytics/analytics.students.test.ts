import type { InjectOptions } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsSummary } from "#shared/schemas/analytics.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * What students do counts in the instructor's figures, whichever way they came in: practice of the
 * project's cards in Retrieval practice (the Engagement tab and the report's Projects table), and
 * Students Engaged (the dashboard and Analytics) over students signed in and students who wrote
 * through the project's link with their e-mail, each counted once.
 */
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Person;

beforeAll(async () => {
  // Contributions are stamped by the database's clock: the app reads the same, real time.
  t = await createTestApp({ clock: { now: () => new Date(), advance: () => undefined } });
  owner = await signedInFaculty(t.app, t.database.db, { name: "Olive Owner" });
});
afterAll(() => t?.close());

const as = (who: Person | undefined, method: InjectOptions["method"], url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.31.${Math.floor(addresses / 250)}.${addresses % 250}`;
};
async function join(who: Person, code: string) {
  const reply = await t.app.inject({
    method: "POST",
    url: "/api/student/join",
    headers: who.headers,
    remoteAddress: nextAddress(),
    payload: { code },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}
/** Through the project's contribution link, signed out (or signed in with `who`). */
async function contribute(token: string, studentName: string, studentEmail?: string, who?: Person) {
  const reply = await t.app.inject({
    method: "POST",
    url: `/api/public/contributions/${token}`,
    remoteAddress: nextAddress(),
    ...(who ? { headers: who.headers } : {}),
    payload: { studentName, studentEmail, contributionType: "reflection", content: `From ${studentName}.` },
  });
  expect(reply.statusCode, reply.body).toBe(201);
}

async function projectWithCard(who: Person, title: string) {
  const project = await createProjectViaApi(t.app, who.headers, { title });
  const card = await as(who, "POST", "/api/pivot-cards", {
    title: `${title} card`,
    discipline: "economics",
    definition: "The value of the next best alternative given up.",
    projectId: project.id,
  });
  expect(card.statusCode, card.body).toBe(201);
  const item = await as(who, "POST", "/api/retrieval-items", {
    pivotCardId: card.json().id,
    type: "flashcard",
    question: `What is ${title} about?`,
    answer: "This.",
  });
  expect(item.statusCode, item.body).toBe(201);
  return { project, itemId: item.json().id as number };
}

const summaryOf = async (who: Person) => {
  const reply = await as(who, "GET", `/api/analytics/summary/${who.faculty.id}?range=30d`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as AnalyticsSummary;
};
const dashboardOf = async (who: Person) => {
  const reply = await as(who, "GET", `/api/dashboard/stats/${who.faculty.id}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { studentsEngaged: number };
};

describe("Retrieval practice per project", () => {
  it("counts students' reviews of the project's cards, on the Engagement tab and in the report", async () => {
    const teacher = await signedInFaculty(t.app, t.database.db, { name: "Rita Reviewer" });
    const { project, itemId } = await projectWithCard(teacher, "Opportunity Cost Lab");
    const [kai, lea] = [
      await signedInFaculty(t.app, t.database.db, { role: "student", name: "Kai Student" }),
      await signedInFaculty(t.app, t.database.db, { role: "student", name: "Lea Student" }),
    ];
    await join(kai, project.joinCode);
    await join(lea, project.joinCode);
    for (const who of [kai, lea, kai]) {
      const reply = await as(who, "POST", "/api/student/reviews", { itemId, rating: 3 });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    // The instructor's own review of the item counts as it did.
    const own = await as(teacher, "POST", `/api/retrieval-items/${itemId}/reviews`, { rating: 3 });
    expect(own.statusCode, own.body).toBe(201);

    const row = (await summaryOf(teacher)).projects.find((p) => p.id === project.id);
    expect(row?.retrievalReviews).toBe(4);

    const report = await as(teacher, "GET", "/api/analytics/report?format=pdf&range=30d");
    expect(report.statusCode).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(report.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    // The Projects table's row: title, status, contributions, pending, reviews, last activity.
    expect(text.replace(/\s+/g, " ")).toMatch(/Opportunity Cost Lab Active 0 0 4 \d{4}-\d{2}-\d{2}/);
  });
});

describe("Students Engaged", () => {
  it("counts students who wrote through the project's link with their e-mail, once each", async () => {
    const { project } = await projectWithCard(owner, "Harbour Link Study");
    expect((await dashboardOf(owner)).studentsEngaged).toBe(0);

    // Two students through the link, signed out; Mia twice, the second time in capitals.
    await contribute(project.contributionToken, "Mia Lopez", "mia@student.example");
    await contribute(project.contributionToken, "Noa Berg", "noa@student.example");
    await contribute(project.contributionToken, "Mia Lopez", " MIA@student.example ");
    expect((await dashboardOf(owner)).studentsEngaged).toBe(2);
    const summary = await summaryOf(owner);
    expect(summary.studentsEngaged).toBe(2);
    expect(summary.projects.find((p) => p.id === project.id)?.studentsInRange).toBe(2);

    // Noa has an account with that e-mail too, joins and contributes signed in: still one student.
    // Nobody's test of their own link, nor a name without an e-mail, is a student.
    const noa = await signedInFaculty(t.app, t.database.db, {
      role: "student",
      name: "Noa Berg",
      email: "noa@student.example",
    });
    await join(noa, project.joinCode);
    const signedIn = await as(noa, "POST", `/api/student/projects/${project.id}/contributions`, {
      contributionType: "question",
      content: "Which site do we sample first?",
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    await contribute(project.contributionToken, "Olive Owner", owner.faculty.email);
    await contribute(project.contributionToken, "Someone");
    // Pia contributes signed in through the link, without joining: a student all the same.
    const pia = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Pia Pink" });
    await contribute(project.contributionToken, "Pia Pink", undefined, pia);

    expect((await dashboardOf(owner)).studentsEngaged).toBe(3);
    const after = await summaryOf(owner);
    expect(after.studentsEngaged).toBe(3);
    expect(after.projects.find((p) => p.id === project.id)?.studentsInRange).toBe(3);
  });
});
