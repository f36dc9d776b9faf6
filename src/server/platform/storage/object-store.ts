import type { Readable } from "node:stream";

/** Bytes `start` to `end` of an object, both included (an HTTP Range, resolved). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live (ARCHITECTURE: files): the local disk under DATA_DIR/objects, or an
 * S3-compatible bucket. Bodies stream in and out: no method holds a whole file in memory.
 * Keys are relative paths such as `uploads/<uuid>` (see `isObjectKey`).
 */
export interface ObjectStore {
  readonly kind: "disk" | "s3";
  /**
   * Stores the stream under `key`, replacing nothing: it resolves with the size once every byte is
   * stored. When the stream fails (a size or type check inside it), nothing is left under the key.
   */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** The object's bytes (or the given range of them); null when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Ends connections (the S3 client's sockets). */
  close(): Promise<void>;
}

/** A key: path segments of lowercase letters, digits, `-`, `_`, `.`, never `.` or `..` alone. */
export const isObjectKey = (key: string) =>
  key.length <= 512 &&
  key.split("/").every((segment) => /^[a-z0-9_.-]+$/.test(segment) && segment !== "." && segment !== "..");

export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
}
