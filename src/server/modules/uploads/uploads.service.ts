import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { cleanFileName, MAX_UPLOAD_BYTES, UPLOAD_URL_LIFETIME_MS } from "#shared/domain/uploads.ts";
import type { UploadResult } from "#shared/schemas/documents.ts";
import type { Caller } from "../../lib/access.ts";
import type { ByteRange, ObjectStore } from "../../platform/storage/index.ts";
import { ContentCheck, sizeLimit } from "./content-check.ts";
import type { UploadSigner } from "./upload-signer.ts";
import {
  createBadUploadAddressError,
  createNotUploadedError,
  createObjectNotFoundError,
  createUploadTooLargeError,
} from "./uploads.errors.ts";
import type { UploadsRepository } from "./uploads.repository.ts";
import type { UploadRow } from "./uploads.table.ts";

/** Upload addresses are `/uploads/<uuid>`; the stored fileUrl is `/objects/uploads/<uuid>` (spec B §7). */
export const UPLOAD_PATH_PREFIX = "/uploads/";
/** The sweep forgets a completed upload no record names after this long. */
export const SWEEP_UNRECORDED_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs (seconds) and how many rows it takes at a time. */
export const SWEEP_INTERVAL_SECONDS = 60 * 60;
const SWEEP_BATCH = 200;
export const OBJECTS_PREFIX = "/objects/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How long a refused upload's remaining bytes are read and dropped before the connection is cut. */
const DRAIN_AFTER_REFUSAL_MS = 5_000;

export const objectKeyOf = (uploadId: string) => `uploads/${uploadId}`;
export const fileUrlOf = (uploadId: string) => `${OBJECTS_PREFIX}${objectKeyOf(uploadId)}`;

/** The upload id a `/objects/uploads/<uuid>` fileUrl names, or undefined. */
export function uploadIdOfFileUrl(fileUrl: string): string | undefined {
  if (!fileUrl.startsWith(`${OBJECTS_PREFIX}uploads/`)) return undefined;
  const id = fileUrl.slice(`${OBJECTS_PREFIX}uploads/`.length);
  return UUID.test(id) ? id : undefined;
}

export interface UploadAddressQuery {
  expires?: string;
  signature?: string;
}

/**
 * The spec's upload flow (spec B §7), for every feature that takes files (the
 * Document Manager now, the Knowledge Base's quick upload next): a signed, single-use address
 * bound to its caller; the PUT streamed into the object store through the size limit and the
 * type check; the completed upload a record may then use; the stored file served to its owner.
 */
export function createUploadsService(deps: {
  uploads: UploadsRepository;
  objects: ObjectStore;
  signer: UploadSigner;
  now: () => Date;
  /** PUBLIC_URL's origin, or undefined for relative addresses (never the request's Host header). */
  publicUrl: string | undefined;
}) {
  const { uploads, objects, signer, now, publicUrl } = deps;

  return {
    /**
     * A new upload address for `fileName`: `/uploads/<id>?expires=&signature=`, on PUBLIC_URL when
     * it is set. The browser sends the file and its bearer session there, so the address never
     * comes from the request's Host header.
     */
    async createAddress(caller: Caller, fileName: string): Promise<string> {
      await uploads.removeStale(caller.id, now());
      const id = randomUUID();
      const expiresAt = new Date(now().getTime() + UPLOAD_URL_LIFETIME_MS);
      await uploads.insert({
        id,
        facultyId: caller.id,
        objectKey: objectKeyOf(id),
        originalName: cleanFileName(fileName),
        expiresAt,
      });
      const path = `${UPLOAD_PATH_PREFIX}${id}`;
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const signature = signer.sign(path, caller.id, expires);
      return `${publicUrl ?? ""}${path}?expires=${expires}&signature=${signature}`;
    },

    /**
     * Streams a PUT's body into storage. Refuses (403) an address that is not this caller's, was
     * changed, expired or was used; a body beyond 50 MiB (413, even when Content-Length lies) or of
     * a type not accepted (415). On any failure nothing is left in the store.
     */
    async receive(
      caller: Caller,
      uploadId: string,
      query: UploadAddressQuery,
      raw: IncomingMessage,
    ): Promise<UploadResult> {
      const expires = Number(query.expires);
      const path = `${UPLOAD_PATH_PREFIX}${uploadId}`;
      if (
        !UUID.test(uploadId) ||
        !Number.isSafeInteger(expires) ||
        typeof query.signature !== "string" ||
        !signer.verify(path, caller.id, expires, query.signature) ||
        expires * 1000 <= now().getTime()
      ) {
        throw createBadUploadAddressError();
      }
      const declared = Number(raw.headers["content-length"]);
      if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw createUploadTooLargeError();
      const row = await uploads.claim(uploadId, caller.id, now());
      if (!row) throw createBadUploadAddressError();

      const limit = sizeLimit();
      const check = new ContentCheck(row.originalName);
      let settled = false;
      const fail = (error: Error) => {
        if (!settled) check.destroy(error);
      };
      raw.on("error", fail);
      raw.on("close", () => {
        if (raw.complete === false) fail(new Error("The upload was interrupted"));
      });
      limit.on("error", fail);
      // The store reads `check` once it is ready (a folder to create, a request to open): an error
      // before then stays on the stream, where the store's pipeline finds it, instead of going uncaught.
      check.on("error", () => undefined);
      raw.pipe(limit).pipe(check);
      try {
        const { size } = await objects.put(row.objectKey, check).finally(() => {
          settled = true;
        });
        const mimeType = check.mimeType ?? "application/octet-stream";
        await uploads.complete(row.id, { size, mimeType, completedAt: now() });
        return { fileUrl: fileUrlOf(row.id), fileSize: size, mimeType };
      } catch (error) {
        raw.unpipe(limit);
        // What the client still sends is read and dropped for a few seconds, so that it reads the
        // answer (closing at once would reset the connection under a client still sending, which
        // then sees a network error instead of the 413); then the connection is cut.
        if (!raw.complete && !raw.destroyed) {
          const cut = setTimeout(() => raw.destroy(), DRAIN_AFTER_REFUSAL_MS);
          cut.unref();
          raw.once("end", () => clearTimeout(cut));
          raw.once("close", () => clearTimeout(cut));
        }
        raw.resume();
        await objects.delete(row.objectKey).catch(() => undefined);
        throw error;
      }
    },

    /** The caller's completed upload that a fileUrl names; 400 for any other (someone else's too). */
    async completedFor(
      caller: Caller,
      fileUrl: string,
    ): Promise<UploadRow & { size: number; mimeType: string }> {
      const id = uploadIdOfFileUrl(fileUrl);
      const row = id ? await uploads.findCompleted(objectKeyOf(id), caller.id) : undefined;
      const stored = row ? await objects.head(row.objectKey) : null;
      if (!row || !stored || !row.mimeType) throw createNotUploadedError();
      return { ...row, size: stored.size, mimeType: row.mimeType };
    },

    /** Whether a record already names the upload (each upload becomes one document or one entry). */
    isRecorded: (uploadId: string) => uploads.isRecorded(uploadId),

    /** The caller's completed upload by id, for a download; 404 for anyone else's. */
    async ownFile(caller: Caller, uploadId: string) {
      const row = UUID.test(uploadId)
        ? await uploads.findCompleted(objectKeyOf(uploadId), caller.id)
        : undefined;
      const stored = row ? await objects.head(row.objectKey) : null;
      if (!row || !stored) throw createObjectNotFoundError();
      return { row, size: stored.size, mimeType: row.mimeType ?? "application/octet-stream" };
    },

    async open(objectKey: string, range?: ByteRange): Promise<Readable> {
      const body = await objects.get(objectKey, range);
      if (!body) throw createObjectNotFoundError();
      return body;
    },

    /**
     * The periodic sweep (platform/jobs/jobs.ts `every`): completed uploads older than a day that no record
     * names are forgotten, and every object whose upload row is gone (those, the rows an account's
     * removal took with it, any removal whose object deletion failed) is deleted from the store.
     */
    async sweep(): Promise<{ unrecorded: number; objects: number }> {
      const dayAgo = new Date(now().getTime() - SWEEP_UNRECORDED_AFTER_MS);
      let unrecorded = 0;
      for (let removed = SWEEP_BATCH; removed === SWEEP_BATCH; unrecorded += removed) {
        removed = await uploads.removeUnrecorded(dayAgo, SWEEP_BATCH);
      }
      let deleted = 0;
      for (let keys = await uploads.removedObjects(SWEEP_BATCH); keys.length > 0; ) {
        for (const key of keys) {
          await objects.delete(key);
          await uploads.forgetRemovedObject(key);
          deleted += 1;
        }
        keys = keys.length === SWEEP_BATCH ? await uploads.removedObjects(SWEEP_BATCH) : [];
      }
      return { unrecorded, objects: deleted };
    },

    /** Removes an upload's row and its stored object. */
    async remove(row: Pick<UploadRow, "id" | "objectKey">): Promise<void> {
      await uploads.remove(row.id);
      await objects.delete(row.objectKey);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
