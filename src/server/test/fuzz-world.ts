import fc from "fast-check";
import type { Role } from "#shared/account.ts";
import { ALL_DISCIPLINES } from "#shared/constants.ts";
import type { RouteEntry } from "../lib/route-catalog.ts";
import {
  bearer,
  createConversionViaApi,
  createProjectViaApi,
  createTemplateViaApi,
  DEFAULT_PASSWORD,
  insertFaculty,
} from "./factories.ts";
import { EMAIL, type FuzzKnowns } from "./fuzz-values.ts";
import {
  type CallerName,
  describeRequest,
  type LiveCaller,
  problemWith,
  requestArbitrary,
  toInjectOptions,
} from "./route-fuzz.ts";
import type { TestApp } from "./test-app.ts";

const FIXTURE_ADDRESS = "10.255.0.1";

const ROLES: Record<Exclude<CallerName, "anonymous">, Role> = {
  instructor: "instructor",
  stranger: "instructor",
  student: "student",
  admin: "admin",
  superAdmin: "super_admin",
};

/**
 * The accounts and records a fuzz run works against. A request may end a caller's session (sign
 * out, rejection, a role change), so after every successful write the callers are checked and
 * any that changed is replaced by a fresh account of the same role.
 */
export async function createFuzzWorld(t: TestApp) {
  const callers = new Map<CallerName, LiveCaller>();
  /**
   * The fixtures sign in from an address of their own: the fuzzed sign-ins (from 127.0.0.1) may
   * hit the failed sign-in limits, which must not lock the fixtures out.
   */
  const signInAsFixture = async (email: string) => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: FIXTURE_ADDRESS,
      payload: { email, password: DEFAULT_PASSWORD },
    });
    return reply.statusCode === 200
      ? (reply.json() as { sessionId: string; faculty: { role: Role } })
      : undefined;
  };
  const make = async (name: Exclude<CallerName, "anonymous">) => {
    const row = await insertFaculty(t.database.db, { role: ROLES[name], institution: "Test University" });
    const session = await signInAsFixture(row.email);
    if (!session) throw new Error(`fuzz fixture ${name} could not sign in`);
    callers.set(name, { id: row.id, email: row.email, headers: bearer(session.sessionId) });
  };
  for (const name of Object.keys(ROLES) as Array<Exclude<CallerName, "anonymous">>) await make(name);

  const owner = callers.get("instructor");
  if (!owner) throw new Error("no instructor");
  const project = await createProjectViaApi(t.app, owner.headers);
  const template = await createTemplateViaApi(t.app, owner.headers);
  const conversion = await createConversionViaApi(t.app, owner.headers);
  const contribution = await t.app.inject({
    method: "POST",
    url: `/api/public/contributions/${project.contributionToken}`,
    payload: { studentName: "Sam", contributionType: "question", content: "What counts as a source?" },
  });
  const connection = await t.app.inject({
    method: "POST",
    url: "/api/integrations/connect",
    headers: owner.headers,
    payload: { integrationId: "github" },
  });
  const knowns: FuzzKnowns = {
    ids: [project.id, template.id, conversion.id, contribution.json().id, connection.json().id, owner.id]
      .filter((id) => Number.isInteger(id))
      .map(String),
    tokens: [project.contributionToken],
    fields: {
      email: fc.sample(fc.stringMatching(EMAIL), { numRuns: 20, seed: 7 }),
      newEmail: fc.sample(fc.stringMatching(EMAIL), { numRuns: 20, seed: 8 }),
      studentEmail: fc.sample(fc.stringMatching(EMAIL), { numRuns: 5, seed: 9 }),
      discipline: [...ALL_DISCIPLINES, "Data Science", "generic"],
      integrationId: ["github", "notebooklm", "teams", "unknown-service"],
    },
  };

  /** A caller whose session ended signs in again; one whose account changed role is replaced. */
  async function replaceChangedCallers() {
    for (const [name, caller] of callers) {
      if (name === "anonymous") continue;
      const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: caller.headers });
      if (me.statusCode === 200 && me.json().faculty.role === ROLES[name]) continue;
      const again = await signInAsFixture(caller.email);
      if (again?.faculty.role === ROLES[name]) {
        callers.set(name, { ...caller, headers: bearer(again.sessionId) });
      } else {
        await make(name);
      }
    }
  }

  return {
    knowns,
    /**
     * Sends `runs` generated requests to the route and answers the problems found (none when all is
     * well) and how many answers of each status it saw.
     */
    async fuzz(entry: RouteEntry, options: { runs: number; seed: number }) {
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      const samples = fc.sample(requestArbitrary(entry, knowns), {
        numRuns: options.runs,
        seed: options.seed,
      });
      for (const request of samples) {
        const caller = request.caller === "anonymous" ? undefined : callers.get(request.caller);
        const inject = toInjectOptions(entry, request, caller);
        const response = await t.app.inject(inject);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problem = problemWith(response, entry);
        if (problem) problems.push(`${describeRequest(inject, request.caller)} ${problem}`);
        if (response.statusCode < 400 && entry.method !== "GET") await replaceChangedCallers();
      }
      return { statuses, problems };
    },
  };
}
