import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
    });
  });

  it("reads every documented variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/srv/pl",
      DATABASE_URL: "postgres://u:p@db:5432/pl",
      APP_SECRET: "x".repeat(40),
      OPENAI_BASE_URL: "http://127.0.0.1:9000/v1",
      OPENAI_API_KEY: "sk-test",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/srv/pl",
      databaseUrl: "postgres://u:p@db:5432/pl",
      openai: { baseUrl: "http://127.0.0.1:9000/v1", apiKey: "sk-test" },
    });
  });

  it("takes the embedding model from OPENAI_EMBEDDING_MODEL, text-embedding-3-small by default", () => {
    expect(loadConfig({}).openai.embeddingModel).toBe("text-embedding-3-small");
    expect(loadConfig({ OPENAI_EMBEDDING_MODEL: "text-embedding-3-large" }).openai.embeddingModel).toBe(
      "text-embedding-3-large",
    );
    for (const bad of ["two words", "x".repeat(121), "a;b"]) {
      expect(() => loadConfig({ OPENAI_EMBEDDING_MODEL: bad })).toThrow(/OPENAI_EMBEDDING_MODEL/);
    }
  });

  it("runs one background job at a time on PGlite and two on PostgreSQL unless JOB_CONCURRENCY says otherwise", () => {
    expect(loadConfig({}).jobs.concurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/pl" }).jobs.concurrency).toBe(2);
    expect(loadConfig({ JOB_CONCURRENCY: "4" }).jobs.concurrency).toBe(4);
    for (const bad of ["0", "33", "1.5", "many"]) {
      expect(() => loadConfig({ JOB_CONCURRENCY: bad })).toThrow(
        new ConfigError(
          `Invalid configuration: JOB_CONCURRENCY must be an integer between 1 and 32 (got "${bad}")`,
        ),
      );
    }
  });

  it("serves the port from WEB_CONCURRENCY processes, one by default, several only on PostgreSQL", () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(
      loadConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://u:p@db:5432/pl" }).webConcurrency,
    ).toBe(4);
    for (const bad of ["0", "65", "1.5", "many", "-2"]) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad, DATABASE_URL: "postgres://u:p@db:5432/pl" })).toThrow(
        new ConfigError(
          `Invalid configuration: WEB_CONCURRENCY must be an integer between 1 and 64 (got "${bad}")`,
        ),
      );
    }
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
      new ConfigError(
        'Invalid configuration: WEB_CONCURRENCY needs DATABASE_URL: the embedded database serves one process (got "2")',
      ),
    );
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).databaseUrl).toBeUndefined();
  });

  it("names the variable in one line and never echoes a secret", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow(
      new ConfigError('Invalid configuration: PORT must be an integer between 1 and 65535 (got "70000")'),
    );
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres/,
    );
    try {
      loadConfig({ APP_SECRET: "tiny-secret" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe(
        "Invalid configuration: APP_SECRET must be at least 32 characters",
      );
    }
  });

  it("reads TRUST_PROXY as Fastify's trustProxy: true/false, a hop count or addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16,loopback" }).trustProxy).toBe(
      "10.0.0.1,10.1.0.0/16,loopback",
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1/40" })).toThrow(
      /^Invalid configuration: TRUST_PROXY must be/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example" })).toThrow(/^Invalid configuration: TRUST_PROXY/);
  });

  it("keeps the secret in DATA_DIR/secret.key unless APP_SECRET_FILE names a file outside DATA_DIR", () => {
    expect(loadConfig({ DATA_DIR: "/srv/pl" }).appSecretFile).toBe("/srv/pl/secret.key");
    expect(loadConfig({ DATA_DIR: "/srv/pl", APP_SECRET_FILE: "/etc/pl/secret" }).appSecretFile).toBe(
      "/etc/pl/secret",
    );
    expect(loadConfig({ DATA_DIR: "/srv/pl", APP_SECRET_FILE: "/srv/pl-keys/secret" }).appSecretFile).toBe(
      "/srv/pl-keys/secret",
    );
    for (const inside of ["/srv/pl/secret", "/srv/pl/keys/../secret", "/srv/pl"]) {
      expect(() => loadConfig({ DATA_DIR: "/srv/pl", APP_SECRET_FILE: inside })).toThrow(
        /^Invalid configuration: APP_SECRET_FILE must be outside DATA_DIR/,
      );
    }
  });

  it("stores files under DATA_DIR/objects unless S3_BUCKET names a bucket", () => {
    expect(loadConfig({ DATA_DIR: "/srv/pl" }).storage).toEqual({ kind: "disk", dir: "/srv/pl/objects" });
    expect(
      loadConfig({
        S3_BUCKET: "pl-files",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "pl-files",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(loadConfig({ S3_BUCKET: "pl-files", S3_REGION: "eu-west-3" }).storage).toMatchObject({
      region: "eu-west-3",
      accessKeyId: undefined,
    });
  });

  it("reads PUBLIC_URL as the origin of upload addresses, unset by default", () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: "https://pbl.example.edu" }).publicUrl).toBe("https://pbl.example.edu");
    expect(loadConfig({ PUBLIC_URL: "https://PBL.example.edu:8443/" }).publicUrl).toBe(
      "https://pbl.example.edu:8443",
    );
    for (const value of [
      "pbl.example.edu",
      "ftp://pbl.example.edu",
      "https://pbl.example.edu/app",
      "https://u:p@pbl.example.edu",
      "https://pbl.example.edu/?a=1",
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(
        new RegExp(
          `^Invalid configuration: PUBLIC_URL must be .*\\(got "${value.replace(/[.?/]/g, "\\$&")}"\\)$`,
        ),
      );
    }
  });

  it("stops on an S3 configuration that cannot work, in one line naming the variable", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      "Invalid configuration: S3_BUCKET must be set when S3_ENDPOINT is set",
    );
    expect(() => loadConfig({ S3_BUCKET: "Not_A_Bucket" })).toThrow(
      /^Invalid configuration: S3_BUCKET must be a bucket name/,
    );
    expect(() => loadConfig({ S3_BUCKET: "pl-files", S3_ENDPOINT: "not a url" })).toThrow(
      /^Invalid configuration: S3_ENDPOINT must be a URL/,
    );
    expect(() => loadConfig({ S3_BUCKET: "pl-files", S3_ACCESS_KEY_ID: "id" })).toThrow(
      "Invalid configuration: S3_SECRET_ACCESS_KEY must be set too: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    );
  });

  it("sends mail through SMTP_URL from MAIL_FROM, both or neither, never echoing the URL", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(
      loadConfig({
        SMTP_URL: "smtps://pbl:secret@mail.uni.test:465",
        MAIL_FROM: "Pivot & Launch <pbl@uni.test>",
      }).mail,
    ).toEqual({ smtpUrl: "smtps://pbl:secret@mail.uni.test:465", from: "Pivot & Launch <pbl@uni.test>" });
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.uni.test:587" })).toThrow(
      new ConfigError("Invalid configuration: MAIL_FROM must be set too: SMTP_URL and MAIL_FROM go together"),
    );
    expect(() =>
      loadConfig({ SMTP_URL: "imap://pbl:secret@mail.uni.test", MAIL_FROM: "pbl@uni.test" }),
    ).toThrow(
      new ConfigError(
        "Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.edu:465",
      ),
    );
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.uni.test", MAIL_FROM: "not an address" })).toThrow(
      /MAIL_FROM must be an address or "Name <address>"/,
    );
  });
});
