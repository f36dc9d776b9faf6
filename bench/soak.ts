// The soak of `npm run bench`: ten instructors use the app for SOAK_MINUTES
// (default 10) with a realistic mix, as fast as it answers them, on 127.0.0.1 only: half reads
// (their figures, projects, a project, its contributions, their conversions), a fifth searches and
// the dashboard's lists, 30% writes (projects, public contributions through a project's link,
// review status, templates, saved conversions). Every write the app acknowledged is read back at
// the end. Each person keeps their newest projects, custom templates and saved conversions (KEPT),
// deleting the oldest as they write one more: the soak measures the server over time at the size
// of a faculty member's work, not at thousands of projects per person after half an hour
// (docs/decisions/0023-benchmark-gates-on-ratios.md; growth with the library's size is
// bench/templates-bench.ts's, at 10,000). What it reports: requests per minute and p99 of the first and of the last minute, the
// servers' CPU per request, errors, lost writes, and each server's memory.
//
// Without BENCH_DATABASE_URL: one compiled server on PGlite. With it: two compiled server
// processes (two instances: their own DATA_DIR, the same APP_SECRET) on one fresh PostgreSQL
// database, which they migrate at start together. Requests alternate between them, one to each in
// turn whoever sends it, as a round-robin load balancer without sticky sessions sends them: a
// session made on one is used on the other, and a write one acknowledged is read from the other
// (pinning each person to one instance would be two soaks of one instance side by side).
import { randomBytes, randomInt } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createEmptyPostgres } from "../src/server/test/test-database.ts";
import {
  cpuMs,
  installCleanupHandlers,
  type ManagedProcess,
  makeTempDir,
  removeTempDir,
  residentBytes,
  stopProcess,
  titledCpuMs,
} from "./processes.ts";
import { firstAccount, startServer } from "./server.ts";

export interface SoakOptions {
  /** The instances' origins: requests go to each in turn. */
  baseUrls: string[];
  /** An administrator's bearer headers, to approve the instructors the soak registers. */
  admin: Record<string, string>;
  users: number;
  durationMs: number;
  log: (line: string) => void;
  /** The server processes' CPU time so far, all of them (user + system, seconds). */
  serverCpuSeconds: () => number;
  /** PostgreSQL's CPU time so far for the soak's database (its backends' processes, seconds). */
  databaseCpuSeconds?: () => number;
}

export interface MinuteFigures {
  requests: number;
  p99Ms: number;
  errors: number;
  /** The server's CPU time in that minute, per request answered (ms). */
  cpuMsPerRequest: number;
  /** PostgreSQL's backends' CPU time for the soak's database in that minute, per request (ms). */
  databaseCpuMsPerRequest: number;
  /** The load generator's own CPU time (this process) in that minute, per request (ms). */
  clientCpuMsPerRequest: number;
}

export interface SoakResult {
  /** Requests each instance was sent, in the order of `baseUrls`. */
  perInstance: number[];
  first: MinuteFigures;
  last: MinuteFigures;
  total: number;
  errors: number;
  errorSamples: string[];
  acknowledgedWrites: number;
  lostWrites: number;
  /** p99 per route over the whole run, slowest first. */
  routes: Array<{
    route: string;
    requests: number;
    p99Ms: number;
    /** The mean latency in the first minute and in the last: which routes slowed down most. */
    firstMeanMs: number;
    lastMeanMs: number;
  }>;
  /**
   * Each read alone (one request at a time, the median of a few) before the run and after it, on
   * the data the run left: which routes' cost grows with what is stored, whatever the queueing.
   */
  alone: Array<{ route: string; beforeMs: number; afterMs: number }>;
}

const WORDS = ["data", "climate", "ethics", "market", "genome", "poetry", "archive", "probability"];
const METHODOLOGY = {
  discipline: "data-science",
  pivotConcepts: "Regression; sampling",
  assessmentBoundaries: "Individual quizzes",
  launchApplications: "City transport data",
  collaborationMethods: "Pairs",
  coreAssessment: "Weekly quiz",
  applicationAssessment: "Final report",
  antiOverloadMeasures: "One new idea a week",
  timeline: "8 weeks",
  classSize: "40",
  resources: "Open data portal",
  successMetrics: "Rubric",
};

interface Sample {
  at: number;
  route: string;
  ms: number;
  ok: boolean;
}

/**
 * Every request's timing, kept as numbers in three arrays rather than as an object each: a
 * million objects alive made the load generator's garbage collection slower minute by minute (its
 * memory passed 1 GB in 12 minutes), so the soak measured its own slowing down with the servers'.
 */
class Timings {
  #at: number[] = [];
  #ms: number[] = [];
  /** The route's index in #routes, times two, plus one when answered without error. */
  #tag: number[] = [];
  #routes: string[] = [];
  #routeIndex = new Map<string, number>();

  get length() {
    return this.#at.length;
  }

  push(route: string, ms: number, ok: boolean) {
    let index = this.#routeIndex.get(route);
    if (index === undefined) {
      index = this.#routes.push(route) - 1;
      this.#routeIndex.set(route, index);
    }
    this.#at.push(Date.now());
    this.#ms.push(ms);
    this.#tag.push(index * 2 + (ok ? 1 : 0));
  }

  msAt(index: number): number | undefined {
    return this.#ms[index];
  }

  /** Forgets every timing from `length` on. */
  truncate(length: number) {
    this.#at.length = length;
    this.#ms.length = length;
    this.#tag.length = length;
  }

  /** Every timing as an object, for the figures once the run is over. */
  list(): Sample[] {
    return this.#at.map((at, index) => {
      const tag = this.#tag[index] as number;
      return {
        at,
        ms: this.#ms[index] as number,
        route: this.#routes[tag >> 1] as string,
        ok: tag % 2 === 1,
      };
    });
  }
}

/**
 * How many each person keeps of what they write, deleting the oldest as they write one more:
 * projects (a few years of courses; a project's contributions go with it), custom templates
 * (waiting for approval: theirs alone) and saved conversions. Written as fast as the servers
 * answer, each person would otherwise own some 8,000 projects after 30 minutes.
 */
const KEPT = { projects: 30, templates: 20, conversions: 20 } as const;

interface User {
  id: number;
  headers: Record<string, string>;
  /** What they keep, oldest first. */
  projects: Array<{ id: number; token: string }>;
  templates: number[];
  /** The contributions to the projects they keep. */
  contributions: Array<{ id: number; projectId: number }>;
  conversions: number[];
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

/**
 * The soak on fresh servers as `npm start` runs them, with their memory before and after: one on
 * PGlite, or, given `databaseUrl`, two instances on a fresh database of that PostgreSQL server.
 * Every simulated person comes from 127.0.0.1, so the per-address limits are raised (on
 * PostgreSQL the instances share them through the database, so both count every request);
 * everything else is as configured.
 */
export async function soakFreshServer(minutes: number, log: (line: string) => void, databaseUrl?: string) {
  const env = {
    AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
    CONTRIBUTION_RATE_LIMIT_PER_MINUTE: "1000000",
    LINK_LOOKUP_RATE_LIMIT_PER_MINUTE: "1000000",
    LOG_LEVEL: "warn",
  };
  const dataDirs: string[] = [];
  const servers: Array<{ server: ManagedProcess; baseUrl: string }> = [];
  let dropDatabase = async () => {};
  const databaseName = databaseUrl ? `pl_bench_soak_${process.pid}` : undefined;
  try {
    if (databaseUrl) {
      const database = await createEmptyPostgres(databaseUrl, databaseName as string);
      dropDatabase = database.drop;
      const shared = { ...env, DATABASE_URL: database.url, APP_SECRET: randomBytes(32).toString("hex") };
      dataDirs.push(makeTempDir("pl-bench-soak-a-"), makeTempDir("pl-bench-soak-b-"));
      servers.push(...(await Promise.all(dataDirs.map((dir) => startServer(dir, shared)))));
    } else {
      dataDirs.push(makeTempDir("pl-bench-soak-"));
      servers.push(await startServer(dataDirs[0] as string, env));
    }
    const baseUrls = servers.map((entry) => entry.baseUrl);
    const rss = () => servers.map((entry) => residentBytes(entry.server));
    const admin = await firstAccount(baseUrls[0] as string);
    const rssBefore = rss();
    log(
      `soak: 10 users for ${minutes} min, ${databaseUrl ? "two instances on PostgreSQL" : "one server on PGlite"}`,
    );
    const result = await soak({
      baseUrls,
      admin: admin.headers,
      users: 10,
      durationMs: minutes * 60_000,
      log,
      serverCpuSeconds: () => servers.reduce((sum, entry) => sum + cpuMs(entry.server), 0) / 1000,
      databaseCpuSeconds: databaseName ? () => titledCpuMs(` ${databaseName} `) / 1000 : undefined,
    });
    const rssAfter = rss();
    return {
      ...result,
      engine: databaseUrl ? "two instances, PostgreSQL" : "one server, PGlite",
      memory: rssBefore.map((before, index) => ({ before, after: rssAfter[index] ?? Number.NaN })),
    };
  } finally {
    await Promise.all(servers.map((entry) => stopProcess(entry.server)));
    for (const dir of dataDirs) removeTempDir(dir);
    await dropDatabase();
  }
}

export async function soak(options: SoakOptions): Promise<SoakResult> {
  const { baseUrls, admin, users: userCount, durationMs, log } = options;
  const cpuNow = () => {
    const client = process.cpuUsage();
    return {
      server: options.serverCpuSeconds(),
      database: options.databaseCpuSeconds?.() ?? Number.NaN,
      client: (client.user + client.system) / 1e6,
    };
  };
  const perInstance = baseUrls.map(() => 0);
  let turn = 0;
  const samples = new Timings();
  const errorSamples: string[] = [];
  /** Writes acknowledged: creations and status changes, then deletions. */
  const written = { projects: 0, contributions: 0, templates: 0, conversions: 0, statuses: 0 };
  /** What was deleted (acknowledged), as its owner reads it: each must be gone at the end. */
  const deleted: Array<{ url: string; headers: Record<string, string> }> = [];
  /** The status each contribution was last given. */
  const statuses = new Map<number, string>();

  async function call(
    route: string,
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ) {
    const instance = turn++ % baseUrls.length;
    perInstance[instance] = (perInstance[instance] ?? 0) + 1;
    const started = performance.now();
    let response: Response | undefined;
    let text = "";
    try {
      response = await fetch(`${baseUrls[instance]}${url}`, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      text = await response.text();
    } catch (error) {
      text = (error as Error).message;
    }
    const ok = response !== undefined && response.status < 300;
    samples.push(route, performance.now() - started, ok);
    if (!ok && errorSamples.length < 10)
      errorSamples.push(`${method} ${url}: ${response?.status ?? "no answer"} ${text.slice(0, 160)}`);
    return ok ? (text ? JSON.parse(text) : null) : undefined;
  }

  // Ten approved instructors.
  const people: User[] = [];
  const stamp = Date.now();
  for (let index = 0; index < userCount; index += 1) {
    const account = {
      name: `Soak Instructor ${index}`,
      email: `soak-${stamp}-${index}@bench.example.edu`,
      password: "Soak-Passw0rd!-long-enough",
      title: "Professor",
      department: "Benchmarking",
      institution: "Example State University",
      role: "instructor",
    };
    await call("setup", "POST", "/api/auth/register", {}, account);
    const pending = (await call("setup", "GET", "/api/admin/users?status=pending", admin)) as
      | Array<{ id: number; email: string }>
      | undefined;
    const id = pending?.find((person) => person.email === account.email)?.id;
    if (typeof id !== "number") throw new Error(`soak: could not register ${account.email}`);
    await call("setup", "POST", `/api/admin/users/${id}/approve`, admin, {});
    const login = (await call(
      "setup",
      "POST",
      "/api/auth/login",
      {},
      { email: account.email, password: account.password },
    )) as { sessionId: string } | undefined;
    if (!login) throw new Error(`soak: ${account.email} could not sign in`);
    people.push({
      id,
      headers: { authorization: `Bearer ${login.sessionId}` },
      projects: [],
      templates: [],
      contributions: [],
      conversions: [],
    });
  }
  samples.truncate(0);

  const createProject = async (user: User) => {
    const created = (await call("POST /api/projects", "POST", "/api/projects", user.headers, {
      title: `Soak project ${randomInt(1e9)}`,
      discipline: "data-science",
      methodology: METHODOLOGY,
    })) as { id: number; contributionToken: string } | undefined;
    if (!created) return;
    user.projects.push({ id: created.id, token: created.contributionToken });
    written.projects += 1;
    const gone = await dropOldest(user, user.projects, KEPT.projects, (project) => project.id, "projects");
    if (gone === undefined) return;
    user.contributions = user.contributions.filter((contribution) => {
      if (contribution.projectId !== gone) return true;
      statuses.delete(contribution.id);
      return false;
    });
  };

  /**
   * Deletes the person's oldest entry of `kept` when they keep more than `limit` (KEPT); a deletion
   * acknowledged is remembered (it must be gone at the end). Answers the id deleted.
   */
  async function dropOldest<T>(
    user: User,
    kept: T[],
    limit: number,
    idOf: (entry: T) => number,
    collection: "projects" | "templates" | "objective-conversions",
  ): Promise<number | undefined> {
    if (kept.length <= limit) return undefined;
    const oldest = kept.shift() as T;
    const url = `/api/${collection}/${idOf(oldest)}`;
    if ((await call(`DELETE /api/${collection}/:id`, "DELETE", url, user.headers)) === undefined) {
      kept.unshift(oldest);
      return undefined;
    }
    deleted.push({ url, headers: user.headers });
    return idOf(oldest);
  }

  /** A read of the mix: its route, and its address for this person (none when they have no project yet). */
  interface Read {
    weight: number;
    route: string;
    url: (user: User) => string | undefined;
  }
  const someProject = (u: User) => (u.projects.length ? pick(u.projects).id : undefined);
  const reads: Read[] = [
    // Reads: 50.
    { weight: 10, route: "GET /api/auth/me", url: () => "/api/auth/me" },
    // Lists as the screens ask for them: one page.
    {
      weight: 10,
      route: "GET /api/projects/faculty/:id",
      url: (u) => `/api/projects/faculty/${u.id}?limit=20`,
    },
    {
      weight: 10,
      route: "GET /api/projects/:id",
      url: (u) => (someProject(u) === undefined ? undefined : `/api/projects/${someProject(u)}`),
    },
    {
      weight: 5,
      route: "GET /api/contributions/project/:id",
      url: (u) =>
        someProject(u) === undefined ? undefined : `/api/contributions/project/${someProject(u)}?limit=20`,
    },
    // Student Collaboration: a page across all one's projects, and its figures.
    { weight: 3, route: "GET /api/contributions", url: () => "/api/contributions?limit=20" },
    { weight: 2, route: "GET /api/contributions/summary", url: () => "/api/contributions/summary" },
    { weight: 5, route: "GET /api/dashboard/stats/:id", url: (u) => `/api/dashboard/stats/${u.id}` },
    {
      weight: 5,
      route: "GET /api/objective-conversions/faculty/:id",
      url: (u) => `/api/objective-conversions/faculty/${u.id}?limit=3`,
    },
    // Searches and the dashboard's lists: 20.
    { weight: 15, route: "GET /api/templates/search", url: () => `/api/templates/search?q=${pick(WORDS)}` },
    {
      weight: 5,
      route: "GET /api/dashboard/recent-contributions",
      url: () => "/api/dashboard/recent-contributions",
    },
  ];
  const readOnce = async (read: Read, user: User) => {
    const url = read.url(user);
    return url === undefined ? undefined : call(read.route, "GET", url, user.headers);
  };

  const actions: Array<[weight: number, run: (user: User) => Promise<unknown>]> = [
    ...reads.map((read): [number, (user: User) => Promise<unknown>] => [
      read.weight,
      (u) => readOnce(read, u),
    ]),
    // Writes: 30.
    [8, createProject],
    [
      8,
      async (u) => {
        if (!u.projects.length) return createProject(u);
        const project = pick(u.projects);
        const added = (await call(
          "POST /api/public/contributions/:token",
          "POST",
          `/api/public/contributions/${project.token}`,
          {},
          {
            studentName: "Soak Student",
            contributionType: pick(["suggestion", "reflection", "feedback", "question"]),
            content: "A contribution written during the soak.",
          },
        )) as { id: number } | undefined;
        if (added) {
          u.contributions.push({ id: added.id, projectId: project.id });
          written.contributions += 1;
        }
      },
    ],
    [
      5,
      async (u) => {
        if (!u.contributions.length) return;
        const { id } = pick(u.contributions);
        const status = pick(["approved", "implemented", "rejected", "pending"]);
        if (
          await call(
            "PUT /api/contributions/:id/status",
            "PUT",
            `/api/contributions/${id}/status`,
            u.headers,
            { status },
          )
        ) {
          statuses.set(id, status);
          written.statuses += 1;
        }
      },
    ],
    [
      5,
      async (u) => {
        const created = (await call("POST /api/templates", "POST", "/api/templates", u.headers, {
          name: `Soak template ${randomInt(1e9)}`,
          description: "A template written during the soak, long enough to be valid.",
          discipline: "data-science",
          category: "analysis",
          difficultyLevel: "intermediate",
          estimatedDuration: "6-8 weeks",
          template: {
            phases: ["Pivot: sampling", "Launch: survey"],
            deliverables: ["Report"],
            tools: ["Notebook"],
          },
          learningOutcomes: ["Explain sampling bias"],
          implementationTips: ["Start small"],
        })) as { id: number } | undefined;
        if (!created) return;
        written.templates += 1;
        u.templates.push(created.id);
        await dropOldest(u, u.templates, KEPT.templates, (id) => id, "templates");
      },
    ],
    [
      4,
      async (u) => {
        const saved = (await call(
          "POST /api/objective-conversions",
          "POST",
          "/api/objective-conversions",
          u.headers,
          {
            originalObjective: "Students will be able to apply regression analysis to real datasets.",
            discipline: "data-science",
            convertedFramework: "Pivot: regression. Launch: transport data.",
            source: "template",
          },
        )) as { id: number } | undefined;
        if (!saved) return;
        written.conversions += 1;
        u.conversions.push(saved.id);
        await dropOldest(u, u.conversions, KEPT.conversions, (id) => id, "objective-conversions");
      },
    ],
  ];
  /** The reads of the mix, each alone: the median of 7 calls, one at a time. */
  async function readsAlone(user: User): Promise<Map<string, number>> {
    const medians = new Map<string, number>();
    for (const read of reads) {
      const times: number[] = [];
      for (let round = 0; round < 7; round += 1) {
        const before = samples.length;
        await readOnce(read, user);
        const ms = samples.msAt(before);
        if (ms !== undefined) times.push(ms);
        samples.truncate(before);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      if (median !== undefined) medians.set(read.route, median);
    }
    return medians;
  }

  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
  const nextAction = () => {
    let roll = randomInt(totalWeight);
    for (const [weight, run] of actions) {
      if (roll < weight) return run;
      roll -= weight;
    }
    return (actions[0] as (typeof actions)[number])[1];
  };

  // Each read alone, before and after: a project and a contribution first, so that none is empty.
  for (const user of people) {
    await createProject(user);
    const project = user.projects[0];
    if (project)
      await call(
        "setup",
        "POST",
        `/api/public/contributions/${project.token}`,
        {},
        {
          studentName: "Soak Student",
          contributionType: "question",
          content: "A contribution written before the soak.",
        },
      );
  }
  // Once to warm up (the first calls of each route compile its code and fill the planner's caches),
  // then measured: otherwise "before" is the cold server and every route seems to get faster.
  await readsAlone(people[0] as User);
  const aloneBefore = await readsAlone(people[0] as User);
  samples.truncate(0); // the projects and contributions made for it are not part of the run

  const started = Date.now();
  const deadline = started + durationMs;
  let lastReport = started;
  // The server's CPU time at the edges of the first and the last minute: what a request costs the
  // server, which the machine's other work moves much less than requests per minute.
  const cpuAt = new Map<string, ReturnType<typeof cpuNow>>([["start", cpuNow()]]);
  const marks = [
    setTimeout(() => cpuAt.set("firstEnd", cpuNow()), 60_000),
    setTimeout(() => cpuAt.set("lastStart", cpuNow()), durationMs - 60_000),
  ];
  await Promise.all(
    people.map(async (user) => {
      while (Date.now() < deadline) {
        await nextAction()(user);
        if (Date.now() - lastReport >= 60_000) {
          lastReport = Date.now();
          log(`soak: ${Math.round((lastReport - started) / 60_000)} min, ${samples.length} requests`);
        }
      }
    }),
  );
  cpuAt.set("end", cpuNow());
  for (const mark of marks) clearTimeout(mark);
  const aloneAfter = await readsAlone(people[0] as User);

  /** Every row of a paged list, read 100 at a time. */
  async function everyPage<T>(url: string, headers: Record<string, string>): Promise<T[]> {
    const rows: T[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await call("verify", "GET", `${url}?limit=100&offset=${offset}`, headers)) as
        | T[]
        | undefined;
      rows.push(...(page ?? []));
      if (!page || page.length < 100) return rows;
    }
  }

  // Every acknowledged write, read back: what each person keeps is there, as last written.
  let lost = 0;
  for (const user of people) {
    const projects = await everyPage<{ id: number }>(`/api/projects/faculty/${user.id}`, user.headers);
    const have = new Set(projects.map((project) => project.id));
    lost += user.projects.filter((project) => !have.has(project.id)).length;
    const seen = new Map<number, string>(); // contribution id → status
    for (const project of user.projects) {
      const list = await everyPage<{ id: number; status: string }>(
        `/api/contributions/project/${project.id}`,
        user.headers,
      );
      for (const contribution of list) seen.set(contribution.id, contribution.status);
    }
    for (const { id } of user.contributions) {
      if (!seen.has(id) || (statuses.has(id) && statuses.get(id) !== seen.get(id))) lost += 1;
    }
    const stats = (await call(
      "verify",
      "GET",
      `/api/objective-conversions/faculty/${user.id}/stats`,
      user.headers,
    )) as { totalConversions: number } | undefined;
    lost += Math.abs(user.conversions.length - (stats?.totalConversions ?? 0));
    for (const id of user.conversions)
      if (!(await call("verify", "GET", `/api/objective-conversions/${id}`, user.headers))) lost += 1;
    // An administrator reads every template, whatever its status.
    for (const id of user.templates)
      if (!(await call("verify", "GET", `/api/templates/${id}`, admin))) lost += 1;
  }
  // A deletion acknowledged is a write too: what was deleted is gone (404) from every instance.
  for (const [index, { url, headers }] of deleted.entries()) {
    const gone = await fetch(`${baseUrls[index % baseUrls.length]}${url}`, { headers });
    await gone.body?.cancel();
    if (gone.status !== 404) lost += 1;
  }

  const run = samples.list().filter((sample) => sample.route !== "setup" && sample.route !== "verify");
  const minute = (from: number, fromMark: string, toMark: string) => {
    const [before, after] = [cpuAt.get(fromMark), cpuAt.get(toMark)];
    const used = (meter: "server" | "database" | "client") =>
      (after?.[meter] ?? Number.NaN) - (before?.[meter] ?? Number.NaN);
    return figures(
      run.filter((s) => s.at >= from && s.at < from + 60_000),
      used("server"),
      used("database"),
      used("client"),
    );
  };
  const routes = [...new Set(run.map((s) => s.route))]
    .map((route) => {
      const of = run.filter((s) => s.route === route);
      const meanFrom = (from: number) => {
        const times = of.filter((s) => s.at >= from && s.at < from + 60_000).map((s) => s.ms);
        return times.length ? times.reduce((sum, value) => sum + value, 0) / times.length : Number.NaN;
      };
      return {
        route,
        requests: of.length,
        firstMeanMs: meanFrom(started),
        lastMeanMs: meanFrom(deadline - 60_000),
        p99Ms: percentile(
          of.map((s) => s.ms),
          0.99,
        ),
      };
    })
    .sort((a, b) => b.p99Ms - a.p99Ms);
  return {
    perInstance,
    first: minute(started, "start", "firstEnd"),
    last: minute(deadline - 60_000, "lastStart", "end"),
    total: run.length,
    errors: run.filter((s) => !s.ok).length,
    errorSamples,
    acknowledgedWrites: Object.values(written).reduce((sum, count) => sum + count, 0) + deleted.length,
    lostWrites: lost,
    routes,
    alone: [...aloneAfter].map(([route, afterMs]) => ({
      route,
      beforeMs: aloneBefore.get(route) ?? Number.NaN,
      afterMs,
    })),
  };
}

function figures(
  samples: Sample[],
  cpuSeconds: number,
  databaseCpuSeconds: number,
  clientCpuSeconds: number,
): MinuteFigures {
  const perRequest = (seconds: number) => (samples.length ? (seconds * 1000) / samples.length : Number.NaN);
  return {
    cpuMsPerRequest: perRequest(cpuSeconds),
    databaseCpuMsPerRequest: perRequest(databaseCpuSeconds),
    clientCpuMsPerRequest: perRequest(clientCpuSeconds),
    requests: samples.length,
    p99Ms: percentile(
      samples.map((s) => s.ms),
      0.99,
    ),
    errors: samples.filter((s) => !s.ok).length,
  };
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);
}

// `npx tsx bench/soak.ts [minutes]` (after `node scripts/ensure-build.mjs`): the soak alone, 3
// minutes by default, printed as JSON; two instances on PostgreSQL with BENCH_DATABASE_URL.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  installCleanupHandlers();
  const result = await soakFreshServer(
    Number(process.argv[2] ?? 3),
    (line) => console.error(line),
    process.env.BENCH_DATABASE_URL?.trim() || undefined,
  );
  const { engine, first, last, total, errors, lostWrites, perInstance, memory, alone, routes } = result;
  console.log(
    JSON.stringify(
      { engine, first, last, total, errors, lostWrites, perInstance, memory, alone, routes },
      null,
      1,
    ),
  );
}
