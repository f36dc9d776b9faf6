import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { StorageConfig } from "../../config.ts";
import { assertObjectKey, type ObjectStore } from "./object-store.ts";

type S3Config = Extract<StorageConfig, { kind: "s3" }>;

/** 5 MiB, S3's smallest part: with one part in flight, an upload holds about 10 MiB at most. */
const PART_SIZE = 5 * 1024 * 1024;

const isNotFound = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * An S3-compatible bucket through the AWS SDK v3. Uploads stream as multipart uploads
 * (`@aws-sdk/lib-storage`), one 5 MiB part at a time; a failed stream aborts the multipart
 * upload, so nothing is left in the bucket. With an endpoint (MinIO, Ceph, Garage, ...) the bucket
 * is addressed path-style.
 */
export function createS3Store(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const Bucket = config.bucket;

  return {
    kind: "s3",
    async put(key, body, options = {}) {
      assertObjectKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // The source's failure (a size or type check inside it) reaches the upload through `counted`.
      const piped = pipeline(body, counted);
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          Body: counted,
          ContentType: options.contentType ?? "application/octet-stream",
        },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([upload.done(), piped]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw error;
      }
      return { size };
    },
    async head(key) {
      assertObjectKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async get(key, range) {
      assertObjectKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertObjectKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}
