import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "#shared/account.ts";
import { buildApp } from "../app.ts";
import { submissionFileTable, submissionTable } from "../modules/milestones/milestones.table.ts";
import { teamTable } from "../modules/teams/teams.table.ts";
import { uploadTable } from "../modules/uploads/uploads.table.ts";
import {
  createConversionViaApi,
  createDocumentViaApi,
  createProjectViaApi,
  createTemplateViaApi,
  insertFaculty,
  signedInFaculty,
} from "../test/factories.ts";
import { createTestApp, type TestApp, testConfig } from "../test/test-app.ts";
import { admitsStudents } from "./access.ts";
import type { RouteEntry } from "./route-catalog.ts";

/**
 * Walks every registered /api route and checks its declared rule with the wrong callers, so a
 * route added later is covered without a test of its own for these rules.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInFaculty>>;
let stranger: Awaited<ReturnType<typeof signedInFaculty>>;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;
let student: Awaited<ReturnType<typeof signedInFaculty>>;
let otherInstitutionAdmin: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db, { institution: "Test University" });
  stranger = await signedInFaculty(t.app, t.database.db, { institution: "Test University" });
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: "Test University" });
  student = await signedInFaculty(t.app, t.database.db, { role: "student", institution: "Test University" });
  otherInstitutionAdmin = await signedInFaculty(t.app, t.database.db, {
    role: "admin",
    institution: "Other College",
  });
});
afterAll(() => t?.close());

/**
 * Parameters naming records that belong to `owner`, per route with an "owner" rule. Whoever adds
 * such a route adds its fixture here; the walk fails for an owner route without one.
 */
interface OwnerFixture {
  params: Record<string, string>;
  /** A valid body, so that the answer is about ownership, not validation. */
  payload?: Record<string, unknown>;
  /** A valid query string, for the same reason. */
  query?: Record<string, string>;
}
const ownPendingTemplate = async (): Promise<OwnerFixture> => ({
  params: { id: String((await createTemplateViaApi(t.app, owner.headers)).id) },
});
const ownProject = async (): Promise<OwnerFixture> => ({
  params: { id: String((await createProjectViaApi(t.app, owner.headers)).id) },
});
const ownConversion = async (): Promise<OwnerFixture> => ({
  params: { id: String((await createConversionViaApi(t.app, owner.headers)).id) },
});
const ownDocument = async (): Promise<OwnerFixture> => ({
  params: { id: String((await createDocumentViaApi(t.app, owner.headers)).id) },
});
const post = async (url: string, payload: Record<string, unknown>) => {
  const reply = await t.app.inject({ method: "POST", url, headers: owner.headers, payload });
  if (reply.statusCode !== 201) throw new Error(reply.body);
  return reply.json() as { id: number };
};
const cardBody = { title: "Entropy", discipline: "chemistry", definition: "Dispersal of energy." };
const ownPivotCard = async (): Promise<OwnerFixture> => ({
  params: { id: String((await post("/api/pivot-cards", cardBody)).id) },
});
const ownKnowledgeEntry = async (): Promise<OwnerFixture> => ({
  params: {
    id: String(
      (await post("/api/knowledge-base", { title: "Syllabus notes", content: "Week one covers sampling." }))
        .id,
    ),
  },
  payload: { title: "Renamed" },
});
const exampleBody = (pivotCardId: number) => ({ pivotCardId, title: "Example", steps: ["One"] });
const ownWorkedExample = async (): Promise<OwnerFixture> => {
  const card = await post("/api/pivot-cards", cardBody);
  return {
    params: { id: String((await post("/api/worked-examples", exampleBody(card.id))).id) },
    payload: exampleBody(card.id),
  };
};
const itemBody = (pivotCardId: number) => ({ pivotCardId, type: "flashcard", question: "Q?", answer: "A." });
const ownRetrievalItem = async (): Promise<OwnerFixture> => {
  const card = await post("/api/pivot-cards", cardBody);
  return {
    params: { id: String((await post("/api/retrieval-items", itemBody(card.id))).id) },
    payload: itemBody(card.id),
  };
};
const ownConnection = async (): Promise<OwnerFixture> => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/integrations/connect",
    headers: owner.headers,
    payload: { integrationId: "github" },
  });
  if (response.statusCode !== 201 && response.statusCode !== 409) throw new Error(response.body);
  const list = await t.app.inject({ method: "GET", url: "/api/integrations", headers: owner.headers });
  return { params: { connectionId: String(list.json().userConnections[0].id) } };
};
const rubricBody = {
  title: "Launch report",
  criteria: [{ title: "Evidence", weight: 1, levels: [{ title: "Exemplary", descriptor: "", points: 4 }] }],
};
const ownRubric = async (): Promise<OwnerFixture> => ({
  params: { id: String((await post("/api/rubrics", rubricBody)).id) },
});
const milestoneBody = { title: "Pivot checkpoint", stage: "pivot", dueAt: "2030-03-04T17:00:00Z" };
const ownMilestone = async (): Promise<OwnerFixture> => {
  const project = await createProjectViaApi(t.app, owner.headers);
  return { params: { id: String((await post(`/api/projects/${project.id}/milestones`, milestoneBody)).id) } };
};
/** A student's version handed in for the owner's milestone, with one file. */
const ownSubmission = async () => {
  const milestoneId = Number((await ownMilestone()).params.id);
  const [submission] = await t.database.db
    .insert(submissionTable)
    .values({ milestoneId, studentId: student.faculty.id, version: 1, text: "Draft", late: false })
    .returning();
  const uploadId = randomUUID();
  await t.database.db.insert(uploadTable).values({
    id: uploadId,
    facultyId: student.faculty.id,
    objectKey: `uploads/${uploadId}`,
    originalName: "report.pdf",
    expiresAt: new Date(),
  });
  const [file] = await t.database.db
    .insert(submissionFileTable)
    .values({
      submissionId: submission?.id ?? 0,
      uploadId,
      originalName: "report.pdf",
      mimeType: "application/pdf",
      fileSize: 10,
    })
    .returning();
  return { submissionId: String(submission?.id), fileId: String(file?.id) };
};
const ownerFixtures: Record<string, () => Promise<OwnerFixture>> = {
  "GET /api/rubrics/:id": ownRubric,
  "PUT /api/rubrics/:id": async () => ({ ...(await ownRubric()), payload: rubricBody }),
  "DELETE /api/rubrics/:id": ownRubric,
  "GET /api/rubrics/:id/export": async () => ({ ...(await ownRubric()), query: { format: "csv" } }),
  "GET /api/milestones/:id/submissions": ownMilestone,
  "GET /api/milestones/:id/submissions/archive": ownMilestone,
  "POST /api/milestones/:id/feedback-release": ownMilestone,
  "GET /api/submissions/:id": async () => ({ params: { id: (await ownSubmission()).submissionId } }),
  "PUT /api/submissions/:id/assessment": async () => ({
    params: { id: (await ownSubmission()).submissionId },
    payload: { scores: [], status: "draft" },
  }),
  "GET /api/submission-files/:id": async () => ({ params: { id: (await ownSubmission()).fileId } }),
  "GET /api/projects/:id/scores": ownProject,
  "GET /api/projects/:id/scores.csv": ownProject,
  "PUT /api/integrations/:connectionId/configure": async () => ({
    ...(await ownConnection()),
    payload: { parameters: { apiKey: "a-key-for-this-connection" } },
  }),
  "DELETE /api/integrations/:connectionId": ownConnection,
  "PUT /api/objective-conversions/:id/rating": async () => ({
    ...(await ownConversion()),
    payload: { feedbackRating: 4 },
  }),
  "DELETE /api/objective-conversions/:id": ownConversion,
  "GET /api/objective-conversions/:id": ownConversion,
  "GET /api/templates/:id": ownPendingTemplate,
  "PUT /api/templates/:id": async () => ({
    ...(await ownPendingTemplate()),
    payload: { name: "Renamed by a stranger" },
  }),
  "DELETE /api/templates/:id": ownPendingTemplate,
  "POST /api/templates/:id/use": ownPendingTemplate,
  "GET /api/documents/:id": ownDocument,
  "DELETE /api/documents/:id": ownDocument,
  "POST /api/documents/:id/vectorize": ownDocument,
  "GET /api/knowledge-base/:id": ownKnowledgeEntry,
  "PUT /api/knowledge-base/:id": ownKnowledgeEntry,
  "DELETE /api/knowledge-base/:id": ownKnowledgeEntry,
  "GET /api/projects/:id": ownProject,
  "GET /api/pivot-cards/drafts/project/:projectId": async () => ({
    params: { projectId: String((await createProjectViaApi(t.app, owner.headers)).id) },
  }),
  "GET /api/pivot-cards/:id": ownPivotCard,
  "PUT /api/pivot-cards/:id": async () => ({ ...(await ownPivotCard()), payload: cardBody }),
  "DELETE /api/pivot-cards/:id": ownPivotCard,
  "POST /api/pivot-cards/:id/suggestions": ownPivotCard,
  "PUT /api/pivot-cards/:id/project": async () => ({
    ...(await ownPivotCard()),
    payload: { projectId: null },
  }),
  "GET /api/worked-examples/:id": async () => ({ params: (await ownWorkedExample()).params }),
  "PUT /api/worked-examples/:id": ownWorkedExample,
  "DELETE /api/worked-examples/:id": async () => ({ params: (await ownWorkedExample()).params }),
  "GET /api/retrieval-items/:id": async () => ({ params: (await ownRetrievalItem()).params }),
  "PUT /api/retrieval-items/:id": ownRetrievalItem,
  "DELETE /api/retrieval-items/:id": async () => ({ params: (await ownRetrievalItem()).params }),
  "POST /api/retrieval-items/:id/reviews": async () => ({
    params: (await ownRetrievalItem()).params,
    payload: { rating: 3 },
  }),
  "DELETE /api/retrieval-items/:id/reviews/last": async () => ({ params: (await ownRetrievalItem()).params }),
  "PUT /api/projects/:id": async () => ({
    ...(await ownProject()),
    payload: { title: "Renamed by a stranger" },
  }),
  "DELETE /api/projects/:id": ownProject,
  "POST /api/projects/:id/contribution-token": ownProject,
  "GET /api/projects/:id/export": ownProject,
  "GET /api/projects/:id/join-code": ownProject,
  "POST /api/projects/:id/join-code": ownProject,
  "PUT /api/projects/:id/joining": async () => ({ ...(await ownProject()), payload: { open: false } }),
  "GET /api/projects/:id/roster": ownProject,
  "GET /api/projects/:id/class-mastery": ownProject,
  "DELETE /api/projects/:id/roster/:studentId": async () => ({
    params: { ...(await ownProject()).params, studentId: String(student.faculty.id) },
  }),
  "GET /api/projects/:id/roster/removed": ownProject,
  "GET /api/projects/:id/lti": ownProject,
  "POST /api/projects/:id/lti/roster-sync": ownProject,
  "POST /api/projects/:id/lti/grades": ownProject,
  "POST /api/projects/:id/roster/:studentId/readmit": async () => ({
    params: { ...(await ownProject()).params, studentId: String(student.faculty.id) },
  }),
  "GET /api/projects/:id/milestones": ownProject,
  "POST /api/projects/:id/milestones": async () => ({ ...(await ownProject()), payload: milestoneBody }),
  "POST /api/projects/:id/milestones/suggest": ownProject,
  "PUT /api/milestones/:id": async () => ({ ...(await ownMilestone()), payload: milestoneBody }),
  "DELETE /api/milestones/:id": ownMilestone,
  "GET /api/milestones/:id/peer-evaluation": ownMilestone,
  "POST /api/milestones/:id/peer-evaluation": async () => ({
    ...(await ownMilestone()),
    payload: { closesAt: "2030-03-04T17:00:00Z" },
  }),
  "POST /api/milestones/:id/peer-evaluation/release": ownMilestone,
  "GET /api/milestones/:id/peer-evaluation.csv": ownMilestone,
  "PUT /api/milestones/:id/peer-evaluation/comment": async () => ({
    ...(await ownMilestone()),
    payload: { raterId: student.faculty.id, rateeId: student.faculty.id, comment: "" },
  }),
  "PUT /api/milestones/:id/peer-evaluation/overrides/:studentId": async () => ({
    params: { ...(await ownMilestone()).params, studentId: String(student.faculty.id) },
    payload: { score: 50, reason: "Documented absence" },
  }),
  "DELETE /api/milestones/:id/peer-evaluation/overrides/:studentId": async () => ({
    params: { ...(await ownMilestone()).params, studentId: String(student.faculty.id) },
  }),
  "GET /api/projects/:id/teams": ownProject,
  "POST /api/projects/:id/teams/form": async () => ({
    ...(await ownProject()),
    payload: { size: 2, method: "manual" },
  }),
  "POST /api/projects/:id/teams/move": async () => ({
    ...(await ownProject()),
    payload: { studentId: student.faculty.id, teamId: null },
  }),
  "PUT /api/projects/:id/teams/published": async () => ({
    ...(await ownProject()),
    payload: { published: false },
  }),
  "DELETE /api/projects/:id/teams": ownProject,
  "GET /api/projects/:id/teams.csv": ownProject,
  "PUT /api/teams/:id": async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    await t.database.db.insert(teamTable).values({ projectId: project.id, name: "Team 1", position: 0 });
    const [team] = await t.database.db.select().from(teamTable).where(eq(teamTable.projectId, project.id));
    return { params: { id: String(team?.id) }, payload: { locked: true } };
  },
  "GET /api/projects/:id/team-survey": ownProject,
  "POST /api/projects/:id/team-survey": async () => ({ ...(await ownProject()), payload: { criteria: [] } }),
  "DELETE /api/projects/:id/team-survey": ownProject,
  "GET /api/projects/:id/calendar-feed": ownProject,
  "POST /api/projects/:id/calendar-feed": ownProject,
  "GET /api/projects/:id/design-review": ownProject,
  "PUT /api/projects/:id/design-review": async () => ({ ...(await ownProject()), payload: { scores: [] } }),
  "DELETE /api/projects/:id/design-review": ownProject,
  "GET /api/projects/:id/pacing": ownProject,
  "PATCH /api/projects/:id/pacing": async () => ({ ...(await ownProject()), payload: { readiness: true } }),
  "GET /api/projects/:id/readiness": ownProject,
  "GET /api/projects/:id/pacing-suggestions": ownProject,
  "POST /api/projects/:id/pacing-actions": async () => ({
    ...(await ownProject()),
    payload: { interventionId: "sequencing", kind: "split-deliverable", stage: "launch", targetId: 1 },
  }),
  "POST /api/projects/:id/pacing-actions/review-session": async () => ({
    ...(await ownProject()),
    payload: { interventionId: "sequencing", stage: "pivot" },
  }),
  "DELETE /api/projects/:id/pacing-actions/:actionId": async () => ({
    params: { ...(await ownProject()).params, actionId: "1" },
  }),
  "GET /api/projects/:id/scheduling-fit": ownProject,
  "POST /api/projects/:id/scheduling-fit": ownProject,
  "GET /api/contributions/project/:projectId": async () => ({
    params: { projectId: String((await createProjectViaApi(t.app, owner.headers)).id) },
  }),
  "PUT /api/contributions/:id/status": async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const contribution = await t.app.inject({
      method: "POST",
      url: `/api/public/contributions/${project.contributionToken}`,
      payload: { studentName: "Sam", contributionType: "question", content: "What counts as a source?" },
    });
    return { params: { id: String(contribution.json().id) }, payload: { status: "approved" } };
  },
  "POST /api/notifications/:id/read": async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    await t.app.inject({
      method: "POST",
      url: `/api/public/contributions/${project.contributionToken}`,
      payload: { studentName: "Sam", contributionType: "question", content: "Who reads this notice?" },
    });
    const list = await t.app.inject({ method: "GET", url: "/api/notifications", headers: owner.headers });
    return { params: { id: String(list.json().items[0].id) } };
  },
};

/** The route's URL with `params`, and the account of `subject` (the owner by default) elsewhere. */
function urlFor(entry: RouteEntry, params: Record<string, string>, subject = owner): string {
  return entry.url.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] !== undefined) return encodeURIComponent(params[name]);
    if (name === "email") return encodeURIComponent(subject.faculty.email);
    return String(subject.faculty.id);
  });
}

const request = (entry: RouteEntry, url: string, extra: Partial<InjectOptions> = {}) =>
  t.app.inject({
    method: entry.method as InjectOptions["method"],
    url,
    ...(["POST", "PUT", "PATCH"].includes(entry.method) ? { payload: {} } : {}),
    ...extra,
  });

describe("route access rules", () => {
  it("knows the routes of this build", () => {
    const keys = t.app.routeCatalog.map((entry) => `${entry.method} ${entry.url}`);
    expect(keys).toEqual(
      expect.arrayContaining(["GET /api/health", "POST /api/auth/login", "GET /api/admin/users"]),
    );
  });

  it("refuses to build an app with an /api route that declares no access rule", async () => {
    const app = await buildApp({ database: t.database, config: testConfig(), logger: false });
    expect(() => app.get("/api/undeclared", async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });

  it("answers 401 to an anonymous caller on every route that is not public", async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeCatalog) {
      if (entry.access.kind === "public" || entry.method === "HEAD") continue;
      const reply = await request(entry, urlFor(entry, {}));
      if (reply.statusCode !== 401) failures.push(`${entry.method} ${entry.url} -> ${reply.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("never lets the cookie alone authorise a write", async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeCatalog) {
      if (entry.access.kind === "public" || ["GET", "HEAD"].includes(entry.method)) continue;
      const reply = await request(entry, urlFor(entry, {}), { cookies: { pl_session: owner.sessionId } });
      if (reply.statusCode !== 401) failures.push(`${entry.method} ${entry.url} -> ${reply.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 to a non-admin on admin routes, and to an admin on super_admin routes", async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeCatalog) {
      if (entry.method === "HEAD") continue;
      if (entry.access.kind === "admin" || entry.access.kind === "super_admin") {
        const reply = await request(entry, urlFor(entry, {}), { headers: stranger.headers });
        if (reply.statusCode !== 403)
          failures.push(`instructor ${entry.method} ${entry.url} -> ${reply.statusCode}`);
      }
      if (entry.access.kind === "super_admin") {
        const reply = await request(entry, urlFor(entry, {}), { headers: admin.headers });
        if (reply.statusCode !== 403)
          failures.push(`admin ${entry.method} ${entry.url} -> ${reply.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 to another instructor on routes that name a faculty member", async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeCatalog) {
      if (entry.access.kind !== "self" || entry.method === "HEAD") continue;
      const reply = await request(entry, urlFor(entry, {}), { headers: stranger.headers });
      if (reply.statusCode !== 403) failures.push(`${entry.method} ${entry.url} -> ${reply.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to another instructor on routes that name someone else's record", async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeCatalog) {
      if (entry.access.kind !== "owner" || entry.method === "HEAD") continue;
      const fixture = ownerFixtures[`${entry.method} ${entry.url}`];
      if (!fixture) {
        failures.push(`${entry.method} ${entry.url} has no owner fixture in access.test.ts`);
        continue;
      }
      const { params, payload, query } = await fixture();
      const reply = await request(entry, urlFor(entry, params), {
        headers: stranger.headers,
        ...(payload ? { payload } : {}),
        ...(query ? { query } : {}),
      });
      if (reply.statusCode !== 404) failures.push(`${entry.method} ${entry.url} -> ${reply.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 to a student on every route not declared for students, and lets them reach their own", async () => {
    const failures: string[] = [];
    // Signing out ends the student's session: walked last.
    const isSignOut = (entry: RouteEntry) => entry.url === "/api/auth/logout";
    const walk = [
      ...t.app.routeCatalog.filter((entry) => !isSignOut(entry)),
      ...t.app.routeCatalog.filter(isSignOut),
    ];
    let refused = 0;
    const admitted: string[] = [];
    for (const entry of walk) {
      if (entry.access.kind === "public" || entry.method === "HEAD") continue;
      const reply = await request(entry, urlFor(entry, {}, student), { headers: student.headers });
      if (admitsStudents(entry.access)) admitted.push(`${entry.method} ${entry.url}`);
      else refused += 1;
      if (admitsStudents(entry.access)) {
        if (reply.statusCode === 401 || reply.statusCode === 403)
          failures.push(`student refused on ${entry.method} ${entry.url} -> ${reply.statusCode}`);
      } else if (reply.statusCode !== 403 || reply.json().message !== AUTH_MESSAGES.studentForbidden) {
        failures.push(`student ${entry.method} ${entry.url} -> ${reply.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // Every instructor route of the build was walked, and a route opened to students is a
    // deliberate change of this list (no instructor call is reachable by a student).
    expect(refused).toBeGreaterThan(100);
    expect(admitted.sort()).toEqual(
      [
        "GET /api/auth/me",
        "GET /api/auth/identities",
        "GET /api/faculty/:id",
        "GET /api/faculty/email/:email",
        "PUT /api/auth/email",
        "PUT /api/auth/password",
        "GET /api/student/projects",
        "GET /api/student/projects/:id",
        "POST /api/auth/logout",
        "POST /api/student/join",
        // Contributions, check-ins and one's own data.
        "POST /api/student/projects/:id/contributions",
        "GET /api/student/contributions",
        "POST /api/student/projects/:id/check-ins",
        "GET /api/student/check-ins",
        "DELETE /api/student/projects/:id",
        "GET /api/student/export",
        "DELETE /api/student/account",
        "GET /api/student/practice/due",
        "GET /api/student/practice/progress",
        "POST /api/student/reviews",
        "PUT /api/faculty/:id",
        // One's own address: whether mail to it bounced, and "try again".
        "GET /api/mail/address-status",
        "DELETE /api/mail/address-status",
        // One's own notifications, their preferences and one's time zone.
        "PUT /api/auth/time-zone",
        "GET /api/notifications",
        "POST /api/notifications/:id/read",
        "POST /api/notifications/read-all",
        "GET /api/notifications/preferences",
        "PUT /api/notifications/preferences",
        // Handing in work for a milestone, reading one's own, one's own files.
        "POST /api/milestones/:id/submissions/upload-url",
        "POST /api/milestones/:id/submissions",
        "GET /api/student/milestones/:id",
        "GET /api/submission-files/:id",
        // Milestones of their projects, what is due, and their calendar address of a project.
        "GET /api/student/projects/:id/milestones",
        "GET /api/student/milestones/due",
        "GET /api/projects/:id/calendar-feed",
        "POST /api/projects/:id/calendar-feed",
        // The team survey of their projects, read and answered.
        "GET /api/student/projects/:id/team-survey",
        "PUT /api/student/projects/:id/team-survey",
        "GET /api/student/projects/:id/team",
        // Their own concepts to strengthen before a project's launch, and a session of them.
        "GET /api/student/projects/:id/readiness",
        "GET /api/student/projects/:id/strengthen",
        // A milestone's peer evaluation: their form, and their ratings.
        "GET /api/student/milestones/:id/peer-evaluation",
        "PUT /api/student/milestones/:id/peer-evaluation",
      ].sort(),
    );
  });

  it("answers 403 to instructors and administrators on the student's own routes", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const entry of t.app.routeCatalog) {
      if (entry.access.kind !== "student" || entry.method === "HEAD") continue;
      checked += 1;
      for (const caller of [owner, admin]) {
        const reply = await request(entry, urlFor(entry, {}, caller), { headers: caller.headers });
        if (reply.statusCode !== 403 || reply.json().message !== AUTH_MESSAGES.studentsOnly)
          failures.push(`${caller.faculty.role} ${entry.method} ${entry.url} -> ${reply.statusCode}`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    expect(failures).toEqual([]);
  });

  it("answers 403 to an admin of another institution on every route that names a member's account", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const entry of t.app.routeCatalog) {
      if (entry.method === "HEAD") continue;
      const namesAccount =
        (entry.access.kind === "self" && entry.access.admins) ||
        (entry.access.kind === "admin" && entry.access.account !== undefined);
      if (!namesAccount) continue;
      checked += 1;
      const payload = entry.url.endsWith("/role")
        ? { role: "student" }
        : entry.method === "PUT"
          ? { title: "Dean" }
          : {};
      const url = urlFor(entry, {}, stranger);
      const foreign = await request(entry, url, { headers: otherInstitutionAdmin.headers, payload });
      if (foreign.statusCode !== 403) failures.push(`${entry.method} ${entry.url} -> ${foreign.statusCode}`);
      // The same call from the member's own institution is not refused for that reason.
      if (entry.method === "GET") {
        const local = await request(entry, url, { headers: admin.headers });
        if (local.statusCode !== 200)
          failures.push(`own admin ${entry.method} ${entry.url} -> ${local.statusCode}`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(failures).toEqual([]);
  });

  it("lets a pending account do nothing that needs a session", async () => {
    const pending = await insertFaculty(t.database.db, { status: "pending" });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: pending.email, password: pending.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().sessionId).toBeUndefined();
  });
});
