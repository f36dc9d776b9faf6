// The students of bench/student-practice.ts, in a child process of their own: the load generator
// runs beside the server, not on its thread (a class's 300 browsers are not the server's work;
// in the server's thread, sending 600 requests and reading their answers took about a third of
// each round). Each client holds its own keep-alive connection, signs in once (all at once, so
// that every connection is open before the timing), practises `warmupRounds` rounds untimed, then
// `rounds` timed ones: in each, GET /api/student/practice/due then POST /api/student/reviews of
// the first item it got. Answers every request's timing as the clients saw it, with its round.
import { Client } from "undici";

export interface ClientsInput {
  base: string;
  clients: Array<{ authorization: string }>;
  /** Rounds before the timed ones (their timings are answered too, with their round). */
  warmupRounds: number;
  rounds: number;
}

export interface Timing {
  /** 1 to warmupRounds + rounds. */
  round: number;
  route: "due" | "review";
  ms: number;
  ok: boolean;
}

export type ClientsMessage =
  | { kind: "round"; round: number; ms: number; cpuMs: number }
  | { kind: "done"; timings: Timing[]; reviewed: number; cpuMsPerRound: number }
  | { kind: "failed"; message: string };

const { base, clients, warmupRounds, rounds } = await new Promise<ClientsInput>((resolve) =>
  process.once("message", (input) => resolve(input as ClientsInput)),
);
// Resolves once the message has left: disconnecting before then could drop a long one (the timings).
const post = (message: ClientsMessage) =>
  new Promise<void>((resolve) => {
    if (process.send) process.send(message, () => resolve());
    else resolve();
  });

// One connection per student, kept between rounds: undici's Client is one connection to one
// origin. It costs about a third less CPU per request than node:http's request and agent, which
// matters here because the clients share the server's two cores (a class's browsers are not on the
// server's machine): in this process they took about a third of each round's CPU.
const connections = new Map<string, Client>();
const connectionOf = (authorization: string) => {
  let client = connections.get(authorization);
  if (!client) {
    client = new Client(base, { pipelining: 1 });
    connections.set(authorization, client);
  }
  return client;
};

/** One request on the student's connection, through undici's dispatch (no stream per answer). */
function call(method: "GET" | "POST", path: string, headers: { authorization: string }, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    let status = 0;
    const chunks: Buffer[] = [];
    connectionOf(headers.authorization).dispatch(
      {
        method,
        path,
        headers: payload ? { ...headers, "content-type": "application/json" } : headers,
        body: payload ?? null,
      },
      {
        onConnect: () => undefined,
        onHeaders: (statusCode) => {
          status = statusCode;
          return true;
        },
        onData: (chunk) => {
          chunks.push(chunk);
          return true;
        },
        onComplete: () => resolve({ status, text: Buffer.concat(chunks).toString("utf8") }),
        onError: (error) => reject(error),
      },
    );
  });
}

try {
  await Promise.all(
    clients.map(async (headers) => {
      const reply = await call("GET", "/api/auth/me", headers);
      if (reply.status !== 200)
        throw new Error(`a student's session answered ${reply.status}: ${reply.text}`);
    }),
  );
  const timings: Timing[] = [];
  let reviewed = 0;
  // The clients' CPU time is measured over the timed rounds.
  let cpu = process.cpuUsage();
  for (let round = 1; round <= warmupRounds + rounds; round++) {
    if (round === warmupRounds + 1) cpu = process.cpuUsage();
    const started = performance.now();
    const roundCpu = process.cpuUsage();
    await Promise.all(
      clients.map(async (headers) => {
        let begin = performance.now();
        const due = await call("GET", "/api/student/practice/due?tz=Europe/Paris&limit=20", headers);
        timings.push({ round, route: "due", ms: performance.now() - begin, ok: due.status === 200 });
        const item = (due.status === 200 ? (JSON.parse(due.text) as { items: Array<{ id: number }> }) : null)
          ?.items[0];
        if (!item) return;
        begin = performance.now();
        const review = await call("POST", "/api/student/reviews", headers, { itemId: item.id, rating: 3 });
        timings.push({ round, route: "review", ms: performance.now() - begin, ok: review.status === 201 });
        if (review.status === 201) reviewed += 1;
      }),
    );
    const used = process.cpuUsage(roundCpu);
    post({ kind: "round", round, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
  }
  const used = process.cpuUsage(cpu);
  await post({ kind: "done", timings, reviewed, cpuMsPerRound: (used.user + used.system) / 1000 / rounds });
} catch (error) {
  await post({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
} finally {
  await Promise.all([...connections.values()].map((client) => client.destroy()));
  process.disconnect();
}
