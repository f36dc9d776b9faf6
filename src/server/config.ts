import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const port = z.coerce
  .number({ error: "must be an integer between 1 and 65535" })
  .int("must be an integer between 1 and 65535")
  .min(1, "must be an integer between 1 and 65535")
  .max(65535, "must be an integer between 1 and 65535");

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a positive integer" })
    .int("must be a positive integer")
    .positive("must be a positive integer")
    .default(fallback);

/** Fastify's `trustProxy`: true/false, a hop count, or addresses and subnets (comma-separated). */
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const isProxyAddress = (entry: string) => {
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  if (prefix === undefined) return PROXY_NAMES.includes(address) || isIP(address) !== 0;
  const bits = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : 0;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
};
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string => {
    if (value === "true") return true;
    if (value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries.join(",");
    context.addIssue({
      code: "custom",
      message: "must be true, false, a number of proxy hops, or proxy addresses such as 10.0.0.1,10.1.0.0/16",
    });
    return z.NEVER;
  });

/**
 * The address people reach the app on, as an origin (`https://pbl.example.edu`): where upload
 * addresses point when it is set. Only the scheme, host and port: the app is served at the root.
 */
const PUBLIC_URL_RULE =
  "must be an http:// or https:// origin such as https://pbl.example.edu, with no path, query or user";
const publicUrl = z
  .string()
  .trim()
  .transform((value, context) => {
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    if (
      !parsed ||
      !["http:", "https:"].includes(parsed.protocol) ||
      parsed.pathname !== "/" ||
      parsed.search !== "" ||
      parsed.hash !== "" ||
      parsed.username !== "" ||
      parsed.password !== "" ||
      value.endsWith("?") ||
      value.endsWith("#")
    ) {
      context.addIssue({ code: "custom", message: PUBLIC_URL_RULE });
      return z.NEVER;
    }
    return parsed.origin;
  });

const LMS_ORIGINS_RULE =
  "must be http:// or https:// origins separated by spaces, such as https://canvas.example.edu https://moodle.example.edu";
/** The LMSs that launch Pivot & Launch in their iframe (LTI 1.3), as origins. */
const lmsOrigins = z.string().transform((value, context) => {
  const origins: string[] = [];
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const parsed = URL.canParse(entry) ? new URL(entry) : undefined;
    if (
      !parsed ||
      !["http:", "https:"].includes(parsed.protocol) ||
      parsed.pathname !== "/" ||
      parsed.search
    ) {
      context.addIssue({ code: "custom", message: LMS_ORIGINS_RULE });
      return z.NEVER;
    }
    origins.push(parsed.origin);
  }
  return origins;
});

const optionalUrl = z.url({ error: "must be a URL such as https://api.openai.com/v1" }).optional();

/** Every environment variable the server reads, parsed once at boot (ARCHITECTURE: process contract). */
const envSchema = z.object({
  PORT: port.default(5000),
  HOST: z.string().trim().min(1, "must not be empty").default("127.0.0.1"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// connection URL")
    .optional(),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** A file holding the secret, outside DATA_DIR (created, mode 0600, when missing). */
  APP_SECRET_FILE: z.string().trim().min(1, "must not be empty").optional(),
  PUBLIC_URL: publicUrl.optional(),
  LMS_ORIGINS: lmsOrigins.default([]),
  /** Whether requests come through a proxy that sets X-Forwarded-For and X-Forwarded-Proto. */
  TRUST_PROXY: trustProxy.default(false),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: z.string().min(1, "must not be empty").optional(),
  /** The chat model the converter asks. */
  OPENAI_MODEL: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(120, "must be at most 120 characters")
    .default("gpt-4o-mini"),
  /** The embedding model of the search index: its vectors must have 1,536 dimensions. */
  OPENAI_EMBEDDING_MODEL: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(120, "must be at most 120 characters")
    .regex(/^[\w.:/-]+$/, "must be a model name (letters, digits, . _ : / -)")
    .default("text-embedding-3-small"),
  /** How long the AI provider may stay silent before the template is used instead. */
  OPENAI_TIMEOUT_SECONDS: positiveInt(30),
  /** An S3 bucket name (3 to 63 lowercase letters, digits, dots, hyphens). */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
    )
    .optional(),
  S3_ENDPOINT: z.url({ error: "must be a URL such as https://s3.example.edu" }).optional(),
  S3_REGION: z.string().trim().min(1, "must not be empty").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1, "must not be empty").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, "must not be empty").optional(),
  /** The mail server: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(
      /^smtps?:\/\/\S+$/,
      "must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.edu:465",
    )
    .optional(),
  /** The sender of every message: an address, or a name and an address ("Pivot & Launch <pbl@uni.edu>"). */
  MAIL_FROM: z
    .string()
    .trim()
    .max(320, "must be at most 320 characters")
    .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or "Name <address>"')
    .optional(),
  /** A session ends after this long without a request (sliding expiry). */
  SESSION_IDLE_MINUTES: positiveInt(60 * 24 * 7),
  /** A session ends this long after sign-in, however active. */
  SESSION_MAX_HOURS: positiveInt(24 * 30),
  /** Sign-in and registration attempts allowed per address per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(20),
  /** Contributions sent through public links, per address per minute. */
  CONTRIBUTION_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  /** Contribution links looked up (GET /api/public/contributions/:token), per address per minute. */
  LINK_LOOKUP_RATE_LIMIT_PER_MINUTE: positiveInt(60),
  /** Background jobs (text extraction, indexing) run at once per process; default 1 on PGlite, 2 on PostgreSQL. */
  JOB_CONCURRENCY: z.coerce
    .number({ error: "must be an integer between 1 and 32" })
    .int("must be an integer between 1 and 32")
    .min(1, "must be an integer between 1 and 32")
    .max(32, "must be an integer between 1 and 32")
    .optional(),
  /** Processes serving the port together (node:cluster); more than one needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: "must be an integer between 1 and 64" })
    .int("must be an integer between 1 and 64")
    .min(1, "must be an integer between 1 and 64")
    .max(64, "must be an integer between 1 and 64")
    .default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string | undefined;
  /** Where the secret is kept when APP_SECRET is unset: APP_SECRET_FILE or DATA_DIR/secret.key. */
  appSecretFile: string;
  trustProxy: boolean | number | string;
  /**
   * The origin upload addresses are built on (PUBLIC_URL), or undefined: they are then relative.
   * Never the request's Host header, which whoever sends the request chooses.
   */
  publicUrl: string | undefined;
  /** LMS_ORIGINS: the LMSs that may frame the pages and receive deep-linking answers. */
  lmsOrigins: readonly string[];
  openai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    /** The embedding model of the passage index (OPENAI_EMBEDDING_MODEL). */
    embeddingModel: string;
    timeoutMs: number;
  };
  session: { idleMs: number; maxAgeMs: number };
  rateLimit: {
    perAddressPerMinute: number;
    /** Failed password checks per account and address pair, per window. */
    failedSignInsPerAccount: number;
    /** Failed password checks per address, whatever the account, per window. */
    failedSignInsPerAddress: number;
    accountWindowMs: number;
    /** Password-reset requests per e-mail address, per accountWindowMs. */
    passwordResetsPerAccount: number;
    /** Contributions through public links, per address per minute. */
    contributionsPerMinute: number;
    /** Contribution links looked up, per address per minute (against token guessing). */
    linkLookupsPerMinute: number;
  };
  /** Background jobs (platform/jobs/jobs.ts): how many run at once in this process. */
  jobs: {
    concurrency: number;
    /** Seconds before an indexing job's first retry (doubled on each further one). */
    retryDelaySeconds: number;
    /** How often an idle worker looks for a job. */
    pollingIntervalSeconds: number;
    /** How long a stop lets running jobs finish before they are aborted (and retried after the next start). */
    stopGraceMs: number;
  };
  /** How many worker processes serve the port (WEB_CONCURRENCY); 1: this process serves it. */
  webConcurrency: number;
  logLevel: Env["LOG_LEVEL"];
  /** Where uploaded files are kept: DATA_DIR/objects, or an S3-compatible bucket (S3_*). */
  storage: StorageConfig;
  /** Folder of the built client; served when it exists. */
  clientDir: string;
  /** SMTP_URL and MAIL_FROM; undefined: every message stays in the outbox (Administration → Mail). */
  mail: { smtpUrl: string; from: string } | undefined;
}

export type StorageConfig =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      /** Unset: AWS itself; set: any S3-compatible server, addressed path-style. */
      endpoint: string | undefined;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    };

export class ConfigError extends Error {}

const S3_VARIABLES = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** DATA_DIR/objects, or the bucket when S3_BUCKET is set (the other S3_* need it; keys go in pairs). */
function storageConfig(e: Env, dataDir: string): StorageConfig {
  if (!e.S3_BUCKET) {
    const stray = S3_VARIABLES.find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`Invalid configuration: S3_BUCKET must be set when ${stray} is set`);
    return { kind: "disk", dir: path.join(dataDir, "objects") };
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY";
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`,
    );
  }
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? "us-east-1",
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

/** Parses the environment; the first problem becomes one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    const value = env[variable];
    // Never echo a secret: keys, and the SMTP URL's password.
    const secret = variable.includes("SECRET") || variable.includes("KEY") || variable === "SMTP_URL";
    const shown = secret ? "" : ` (got "${value ?? ""}")`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}${shown}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appSecretFile = e.APP_SECRET_FILE ? path.resolve(e.APP_SECRET_FILE) : undefined;
  const fromDataDir = appSecretFile ? path.relative(dataDir, appSecretFile) : "..";
  if (fromDataDir !== ".." && !fromDataDir.startsWith(`..${path.sep}`)) {
    throw new ConfigError(
      `Invalid configuration: APP_SECRET_FILE must be outside DATA_DIR, so that a copy of DATA_DIR cannot decrypt the keys stored in it (got "${e.APP_SECRET_FILE}")`,
    );
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY needs DATABASE_URL: the embedded database serves one process (got "${e.WEB_CONCURRENCY}")`,
    );
  }
  if ((e.SMTP_URL === undefined) !== (e.MAIL_FROM === undefined)) {
    const missing = e.SMTP_URL === undefined ? "SMTP_URL" : "MAIL_FROM";
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too: SMTP_URL and MAIL_FROM go together`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET,
    appSecretFile: appSecretFile ?? path.join(dataDir, "secret.key"),
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    lmsOrigins: e.LMS_ORIGINS,
    openai: {
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.OPENAI_MODEL,
      embeddingModel: e.OPENAI_EMBEDDING_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_SECONDS * 1000,
    },
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: e.SESSION_MAX_HOURS * 3_600_000 },
    rateLimit: {
      perAddressPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      failedSignInsPerAccount: 10,
      failedSignInsPerAddress: 100,
      accountWindowMs: 15 * 60_000,
      passwordResetsPerAccount: 3,
      contributionsPerMinute: e.CONTRIBUTION_RATE_LIMIT_PER_MINUTE,
      linkLookupsPerMinute: e.LINK_LOOKUP_RATE_LIMIT_PER_MINUTE,
    },
    // PGlite runs one query at a time in this process: more jobs at once only queue behind it.
    jobs: {
      retryDelaySeconds: 10,
      concurrency: e.JOB_CONCURRENCY ?? (e.DATABASE_URL ? 2 : 1),
      pollingIntervalSeconds: 2,
      stopGraceMs: 5000,
    },
    webConcurrency: e.WEB_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    storage: storageConfig(e, dataDir),
    clientDir: path.resolve("dist/client"),
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
  };
}
