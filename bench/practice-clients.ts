// The students of bench/student-practice.ts, in a child process of their own: the load generator
// runs beside the server, not on its thread (a class's 300 browsers are not the server's work;
// in the server's thread, sending 600 requests and reading their answers took about a third of
// each round). Each client holds its own keep-alive connection, signs in once (all at once, so
// that every connection is open before the timing), practises one round untimed (the server's
// first batches run its code cold, as only a restarted server's first minute does), then in each
// round GET
// /api/student/practice/due then POST /api/student/reviews of the first item it got. Answers the
// timings as the clients saw them.
import http from "node:http";

export interface ClientsInput {
  base: string;
  clients: Array<{ authorization: string }>;
  rounds: number;
}

export interface Timing {
  route: "due" | "review";
  ms: number;
  ok: boolean;
}

export type ClientsMessage =
  | { kind: "round"; round: number; ms: number }
  | { kind: "done"; timings: Timing[]; reviewed: number }
  | { kind: "failed"; message: string };

const { base, clients, rounds } = await new Promise<ClientsInput>((resolve) =>
  process.once("message", (input) => resolve(input as ClientsInput)),
);
const post = (message: ClientsMessage) => process.send?.(message);

// One socket per client, all kept between rounds (the agent's default keeps 256 idle ones).
const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length, maxFreeSockets: clients.length });

const call = (method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${base}${url}`,
      { method, agent, headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });

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
  // Round 0 warms up: its reviews are written (and counted) but not timed.
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    const timed = round > 0;
    await Promise.all(
      clients.map(async (headers) => {
        let begin = performance.now();
        const due = await call("GET", "/api/student/practice/due?tz=Europe/Paris&limit=20", headers);
        if (timed) timings.push({ route: "due", ms: performance.now() - begin, ok: due.status === 200 });
        const item = (due.status === 200 ? (JSON.parse(due.text) as { items: Array<{ id: number }> }) : null)
          ?.items[0];
        if (!item) return;
        begin = performance.now();
        const review = await call("POST", "/api/student/reviews", headers, { itemId: item.id, rating: 3 });
        if (timed)
          timings.push({ route: "review", ms: performance.now() - begin, ok: review.status === 201 });
        if (review.status === 201) reviewed += 1;
      }),
    );
    post({ kind: "round", round, ms: performance.now() - started });
  }
  post({ kind: "done", timings, reviewed });
} catch (error) {
  post({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
} finally {
  agent.destroy();
  process.disconnect();
}
