import type { StorageConfig } from "../../config.ts";
import { createDiskStore } from "./disk-store.ts";
import type { ObjectStore } from "./object-store.ts";
import { createS3Store } from "./s3-store.ts";

export type { ByteRange, ObjectStore } from "./object-store.ts";
export { isObjectKey } from "./object-store.ts";

/** The store the configuration names: DATA_DIR/objects, or the S3 bucket. */
export const createObjectStore = (config: StorageConfig): ObjectStore =>
  config.kind === "s3" ? createS3Store(config) : createDiskStore(config.dir);
