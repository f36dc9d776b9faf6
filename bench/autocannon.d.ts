// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  export interface Histogram {
    min: number;
    max: number;
    average: number;
    mean: number;
    stddev: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface Result {
    url: string;
    connections: number;
    duration: number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    statusCodeStats?: Record<string, { count: number }>;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export default function autocannon(options: Options): PromiseLike<Result> & { stop(): void };
}
