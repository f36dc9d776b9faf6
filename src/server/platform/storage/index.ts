import type { StorageConfig } from "../../config.ts";
import { createDiskStore } from "./disk-store.ts";
import type { ObjectStore } from "./object-store.ts";

export type { ByteRange, ObjectStore } from "./object-store.ts";
export { isObjectKey } from "./object-store.ts";

/**
 * The store the configuration names: DATA_DIR/objects, or the S3 bucket. The AWS SDK loads only
 * when a bucket is configured (it would add a noticeable share to every start-up otherwise).
 */
export async function createObjectStore(config: StorageConfig): Promise<ObjectStore> {
  if (config.kind === "disk") return createDiskStore(config.dir);
  const { createS3Store } = await import("./s3-store.ts");
  return createS3Store(config);
}
