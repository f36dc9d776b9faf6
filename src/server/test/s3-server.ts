import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import type { StorageConfig } from "../config.ts";

/**
 * A real S3-compatible server for the tests (s3rver: the S3 REST API, SigV4 checks and multipart
 * uploads, over HTTP on 127.0.0.1), with one empty bucket in a fresh folder. Not a mock: the
 * AWS SDK talks to it over the network exactly as to a bucket.
 */
export async function startS3Server(bucket = "pl-test-bucket") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pl-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const storage: Extract<StorageConfig, { kind: "s3" }> = {
    kind: "s3",
    bucket,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  /** The object keys the bucket holds (s3rver keeps each object as `<key>._S3rver_object`). */
  const keys = () => {
    const root = path.join(directory, bucket);
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((name) => name.endsWith("._S3rver_object"))
      .map((name) => name.slice(0, -"._S3rver_object".length).split(path.sep).join("/"));
  };
  return {
    storage,
    keys,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
