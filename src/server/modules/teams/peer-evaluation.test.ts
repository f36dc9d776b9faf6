import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_DIMENSION_IDS } from "#shared/domain/peer-dimensions.ts";
import {
  type OwnerPeerEvaluation,
  PEER_MESSAGES,
  type StudentPeerEvaluation,
} from "#shared/schemas/peer-evaluation.ts";
import type { TeamsView } from "#shared/schemas/teams.ts";
import { readCsv } from "../../lib/csv.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** Peer and self evaluation: the owner opens and releases; students rate; anonymity; overrides. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Account, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined ? { payload } : {}) } as never);

let joins = 0;
const DAY = 86_400_000;

/** A project with one published team of Ada, Ben and Cal, a milestone, and its evaluation open for a week. */
async function evaluatedTeam() {
  const project = await createProjectViaApi(t.app, owner.headers);
  const people: Account[] = [];
  for (const name of ["Ada", "Ben", "Cal"]) {
    const student = await signedInFaculty(t.app, t.database.db, { role: "student", name });
    joins += 1;
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/student/join",
      headers: student.headers,
      remoteAddress: `10.11.${Math.floor(joins / 250)}.${joins % 250}`,
      payload: { code: project.joinCode },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    people.push(student);
  }
  const teams = (
    await call("POST", `/api/projects/${project.id}/teams/form`, owner, {
      size: 3,
      method: "random",
      seed: 1,
    })
  ).json() as TeamsView;
  await call("PUT", `/api/projects/${project.id}/teams/published`, owner, { published: true });
  const rubric = (
    await call("POST", "/api/rubrics", owner, {
      title: "Prototype",
      criteria: [
        {
          title: "Works",
          weight: 1,
          levels: [
            { title: "Fully", descriptor: "", points: 4 },
            { title: "Partly", descriptor: "", points: 2 },
          ],
        },
      ],
    })
  ).json();
  const milestone = (
    await call("POST", `/api/projects/${project.id}/milestones`, owner, {
      title: "Bridge prototype",
      stage: "launch",
      dueAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
      rubricId: rubric.id,
      teamSubmission: true,
    })
  ).json();
  const opened = await call("POST", `/api/milestones/${milestone.id}/peer-evaluation`, owner, {
    closesAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
    showFactor: true,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const [ada, ben, cal] = people as [Account, Account, Account];
  return { project, milestone, rubric, ada, ben, cal, teamId: teams.teams[0]?.id };
}

const all = (value: number) => Object.fromEntries(PEER_DIMENSION_IDS.map((dimension) => [dimension, value]));

describe("peer evaluation", () => {
  it("takes self-ratings first, works out factors and flags, keeps ratings from teammates and releases comments", async () => {
    const { project, milestone, rubric, ada, ben, cal } = await evaluatedTeam();
    const mine = `/api/student/milestones/${milestone.id}/peer-evaluation`;
    const form = (await call("GET", mine, ada)).json() as StudentPeerEvaluation;
    expect(form.people.map((person) => [person.name, person.self])).toEqual([
      ["Ada", true],
      ["Ben", false],
      ["Cal", false],
    ]);

    const teammatesFirst = await call("PUT", mine, ada, {
      ratings: [{ rateeId: ben.faculty.id, ratings: all(4) }],
    });
    expect(teammatesFirst.statusCode).toBe(400);
    expect(teammatesFirst.json().message).toBe(PEER_MESSAGES.selfFirst);

    // Ada rates herself 5 and each teammate; Ben and Cal rate Ada low.
    const rate = async (who: Account, ratings: [Account, number, string?][]) => {
      const reply = await call("PUT", mine, who, {
        ratings: ratings.map(([ratee, value, comment]) => ({
          rateeId: ratee.faculty.id,
          ratings: all(value),
          ...(comment ? { comment } : {}),
        })),
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json() as StudentPeerEvaluation;
    };
    await rate(ada, [
      [ada, 5],
      [ben, 4],
      [cal, 4],
    ]);
    await rate(ben, [
      [ben, 4],
      [ada, 2, "Ada missed two meetings."],
      [cal, 4],
    ]);
    await rate(cal, [
      [cal, 4],
      [ada, 2, "Ada's part came late, and it was careless."],
      [ben, 4],
    ]);

    const view = (
      await call("GET", `/api/milestones/${milestone.id}/peer-evaluation`, owner)
    ).json() as OwnerPeerEvaluation;
    const member = (name: string) => view.teams[0]?.members.find((candidate) => candidate.name === name);
    // Received: Ada 2, Ben 4, Cal 4; team mean 10/3; Ada 2 ÷ 3.33 = 0.6, Ben and Cal 1.2 capped at 1.05.
    expect(member("Ada")).toMatchObject({ received: 2, self: 5, factor: 0.6, individualScore: null });
    expect(member("Ben")?.factor).toBe(1.05);
    expect(
      member("Ada")
        ?.flags.map((flag) => flag.kind)
        .sort(),
    ).toEqual(["low-performer", "overconfident"]);
    expect(view.teams[0]?.comments.map((comment) => comment.ratee.name)).toEqual(["Ada", "Ada"]);

    // Before release Ada reads nothing of what they wrote; the owner softens one comment.
    expect((await call("GET", mine, ada)).json()).toMatchObject({ comments: [], factor: null });
    const edited = await call("PUT", `/api/milestones/${milestone.id}/peer-evaluation/comment`, owner, {
      raterId: cal.faculty.id,
      rateeId: ada.faculty.id,
      comment: "Ada's part came late.",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const released = await call("POST", `/api/milestones/${milestone.id}/peer-evaluation/release`, owner);
    expect(released.json().evaluation.releasedAt).not.toBeNull();
    const adaReads = (await call("GET", mine, ada)).json() as StudentPeerEvaluation;
    expect(adaReads.comments.sort()).toEqual(["Ada missed two meetings.", "Ada's part came late."]);
    expect(adaReads.factor).toBe(0.6);
    // Anonymity: no one's answer holds another's ratings of them, only what they gave.
    const benReads = (await call("GET", mine, ben)).json() as StudentPeerEvaluation;
    expect(
      benReads.given.every(
        (rating) => rating.rateeId !== ben.faculty.id || rating.ratings.contributing === 4,
      ),
    ).toBe(true);
    expect(JSON.stringify(benReads)).not.toContain("came late");
    // Ada was rated 2 by both, and gave no 2: no rating of hers by anyone else reaches her.
    expect(JSON.stringify(adaReads)).not.toContain('"quality":2');

    // The team's work scored 50 (Partly): each member's score is 50 × their factor, at most 100.
    const handedIn = await call("POST", `/api/milestones/${milestone.id}/submissions`, cal, {
      text: "Our prototype",
    });
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    const assessed = await call("PUT", `/api/submissions/${handedIn.json().id}/assessment`, owner, {
      scores: [{ criterionId: rubric.criteria[0].id, level: 1 }],
      status: "final",
    });
    expect(assessed.statusCode, assessed.body).toBe(200);
    const scored = (
      await call("GET", `/api/milestones/${milestone.id}/peer-evaluation`, owner)
    ).json() as OwnerPeerEvaluation;
    expect(scored.teams[0]?.score).toBe(50);
    expect(scored.teams[0]?.members.map((m) => [m.name, m.individualScore])).toEqual([
      ["Ada", 30],
      ["Ben", 52.5],
      ["Cal", 52.5],
    ]);

    // The owner's CSV holds the same figures; a student may not have it.
    const csv = await call("GET", `/api/milestones/${milestone.id}/peer-evaluation.csv`, owner);
    expect(csv.statusCode).toBe(200);
    const rows = readCsv(csv.body).map((row) => row.cells);
    expect(rows[0]?.slice(0, 8)).toEqual([
      "Team",
      "Student",
      "Self",
      "Received",
      "Raters",
      "Factor",
      "Team score",
      "Individual score",
    ]);
    expect(rows.find((row) => row[1] === "Ada")?.slice(2, 8)).toEqual([
      "5.00",
      "2.00",
      "2",
      "0.60",
      "50.0",
      "30.00",
    ]);
    expect((await call("GET", `/api/milestones/${milestone.id}/peer-evaluation.csv`, ada)).statusCode).toBe(
      403,
    );

    // The owner overrides Ada's score with a reason, then removes it.
    const override = await call(
      "PUT",
      `/api/milestones/${milestone.id}/peer-evaluation/overrides/${ada.faculty.id}`,
      owner,
      {
        score: 70,
        reason: "A medical absence, documented.",
      },
    );
    expect(override.statusCode, override.body).toBe(200);
    expect(
      (override.json() as OwnerPeerEvaluation).teams[0]?.members.find((m) => m.name === "Ada")?.override,
    ).toMatchObject({
      score: 70,
      reason: "A medical absence, documented.",
    });
    // The project's scores (Analytics and CSV) give each member their individual score, or the override.
    const scoresOf = async () => {
      const scores = (await call("GET", `/api/projects/${project.id}/scores`, owner)).json();
      return Object.fromEntries(
        (scores.students as { name: string; scores: (number | null)[] }[]).map((student) => [
          student.name,
          student.scores[0],
        ]),
      );
    };
    expect(await scoresOf()).toEqual({ Ada: 70, Ben: 52.5, Cal: 52.5 });
    const removed = await call(
      "DELETE",
      `/api/milestones/${milestone.id}/peer-evaluation/overrides/${ada.faculty.id}`,
      owner,
    );
    expect(
      (removed.json() as OwnerPeerEvaluation).teams[0]?.members.find((m) => m.name === "Ada")?.override,
    ).toBeNull();
    expect(await scoresOf()).toEqual({ Ada: 30, Ben: 52.5, Cal: 52.5 });

    // Cal leaves the project: the screen and the scores both count Ada and Ben only (Ada received 2,
    // Ben 4, mean 3: Ada 50 x 2/3 = 33.33, Ben 50 x 1.05 = 52.5).
    expect((await call("DELETE", `/api/student/projects/${project.id}`, cal)).statusCode).toBe(204);
    const afterLeaving = (
      await call("GET", `/api/milestones/${milestone.id}/peer-evaluation`, owner)
    ).json() as OwnerPeerEvaluation;
    expect(afterLeaving.teams[0]?.members.map((m) => [m.name, m.individualScore])).toEqual([
      ["Ada", 33.33],
      ["Ben", 52.5],
    ]);
    expect(await scoresOf()).toEqual({ Ada: 33.3, Ben: 52.5 });
  });

  it("refuses ratings outside the scale or the team and after the close date, with the date", async () => {
    const { milestone, ada, ben } = await evaluatedTeam();
    const { ada: outsider } = await evaluatedTeam();
    const mine = `/api/student/milestones/${milestone.id}/peer-evaluation`;
    const offScale = await call("PUT", mine, ada, {
      ratings: [{ rateeId: ada.faculty.id, ratings: all(6) }],
    });
    expect(offScale.statusCode).toBe(400);
    expect(offScale.json().message).toContain("A rating must be from 1 to 5");
    const stranger = await call("PUT", mine, ada, {
      ratings: [
        { rateeId: ada.faculty.id, ratings: all(4) },
        { rateeId: outsider.faculty.id, ratings: all(4) },
      ],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toContain("is not in this team");
    // A student of another project does not reach this milestone at all.
    expect((await call("GET", mine, outsider)).statusCode).toBe(404);

    // The owner closes it a minute ago.
    await call("POST", `/api/milestones/${milestone.id}/peer-evaluation`, owner, {
      closesAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    });
    const late = await call("PUT", mine, ben, { ratings: [{ rateeId: ben.faculty.id, ratings: all(4) }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("The peer evaluation closed on 1 September 2026 at 08:59 UTC");
  });

  it("keeps the evaluation to the milestone's owner", async () => {
    const { milestone, ada } = await evaluatedTeam();
    const base = `/api/milestones/${milestone.id}/peer-evaluation`;
    for (const [method, url, payload] of [
      ["GET", base],
      ["POST", base, { closesAt: "2030-01-01T00:00:00Z" }],
      ["POST", `${base}/release`],
      ["PUT", `${base}/overrides/${ada.faculty.id}`, { score: 1, reason: "x" }],
    ] as const) {
      expect((await call(method, url, otherInstructor, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, ada, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
