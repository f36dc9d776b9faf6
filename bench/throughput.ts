// Throughput rows of `npm run bench`: a route is measured against a bare Fastify
// hello-world in its own process, back to back, several rounds, and judged on the median ratio.
// This machine's speed moves from minute to minute (other work shares it): one run of each, minutes
// apart, once moved the hello-world 2.7 times; two measurements seconds apart move together.
import autocannon, { type Result } from "autocannon";

export interface Throughput {
  /** Requests per second of the route and of the hello-world, per round. */
  route: number[];
  hello: number[];
  /** route ÷ hello-world, per round, and their median. */
  ratios: number[];
  medianRatio: number;
  /** The route's p99 latency (ms), per round, and their median. */
  p99Ms: number[];
  medianP99Ms: number;
}

export class ThroughputError extends Error {}

export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Result> {
  const result = (await autocannon({ url, connections, duration: seconds, headers, timeout: 10 })) as Result;
  const problems: string[] = [];
  if (result.errors) problems.push(`${result.errors} connection errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx)
    problems.push(`${result.non2xx} non-2xx answers ${JSON.stringify(result.statusCodeStats ?? {})}`);
  if (result.requests.total === 0) problems.push("no request completed");
  if (problems.length)
    throw new ThroughputError(`${url} at ${connections} connections: ${problems.join(", ")}`);
  return result;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** `rounds` times: the hello-world, then the route, each for `seconds`, after one warm-up of each. */
export async function backToBack(options: {
  url: string;
  headers?: Record<string, string>;
  helloUrl: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  rounds: number;
}): Promise<Throughput> {
  const { url, headers = {}, helloUrl, connections, seconds, warmupSeconds, rounds } = options;
  await load(helloUrl, connections, warmupSeconds);
  await load(url, connections, warmupSeconds, headers);
  const route: number[] = [];
  const hello: number[] = [];
  const p99Ms: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    hello.push((await load(helloUrl, connections, seconds)).requests.average);
    const measured = await load(url, connections, seconds, headers);
    route.push(measured.requests.average);
    p99Ms.push(measured.latency.p99);
  }
  const ratios = route.map((value, index) => value / (hello[index] as number));
  return { route, hello, ratios, medianRatio: median(ratios), p99Ms, medianP99Ms: median(p99Ms) };
}
