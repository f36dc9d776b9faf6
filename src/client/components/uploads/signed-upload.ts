import UppyCore, { type Meta, type Uppy, type UppyFile } from "@uppy/core";
import DragDrop from "@uppy/drag-drop";
import XHRUpload from "@uppy/xhr-upload";
import { useCallback, useEffect, useRef, useState } from "react";
import { answerOf, api, getErrorMessage } from "#client/lib/api-client.ts";
import { readSessionId } from "#client/lib/session-storage.ts";
import type { UploadResult } from "#shared/schemas/documents.ts";
import type { UploadLimits } from "./upload-limits.ts";

/*
 * The signed upload flow of spec B §7 through Uppy, shared by every screen that
 * takes files (the Document Manager's upload dialog, the Knowledge Base's quick upload): one signed,
 * single-use address per file (POST /api/documents/upload-url), a PUT of the bytes with per-file
 * progress, then the screen's own record per stored file. Only the lazily loaded upload forms import
 * this module, so Uppy stays out of every screen's first chunk.
 */

export type FileMeta = Meta & { uploadURL?: string };
export type SignedUppy = Uppy<FileMeta, UploadResult>;
export type QueuedFile = UppyFile<FileMeta, UploadResult>;
export type { UploadResult };

/** POST /api/documents/upload-url {fileName}: a signed address for one PUT of the file's bytes. */
export const requestUploadUrl = (fileName: string) =>
  answerOf(api.POST("/api/documents/upload-url", { body: { fileName } }));

/** The server's `message` in an XHR's JSON answer, if any. */
function messageOfXhr(request: unknown): string | undefined {
  const text = (request as { responseText?: unknown } | undefined)?.responseText;
  if (typeof text !== "string" || !text) return undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
}

export interface SignedUppyOptions {
  limits: UploadLimits;
  /** The line under the drop zone: what may be chosen. */
  note: string;
  /** A refused PUT without a server message. */
  uploadFailed: string;
  /** Where a file's signed address comes from (default: the documents' POST /api/documents/upload-url). */
  requestAddress?: (fileName: string) => Promise<{ uploadURL: string }>;
}

/** Uppy, its drop zone and the PUT uploader on `target`. */
function createSignedUppy(
  target: HTMLElement,
  { limits, note, uploadFailed, requestAddress = requestUploadUrl }: SignedUppyOptions,
): SignedUppy {
  const { uppyOptions } = limits;
  const uppy: SignedUppy = new UppyCore<FileMeta, UploadResult>({
    autoProceed: false,
    restrictions: { ...uppyOptions.restrictions },
    locale: { ...uppyOptions.locale, strings: { ...uppyOptions.locale.strings } },
    infoTimeout: 0,
  });
  uppy.use(DragDrop, {
    target,
    locale: { strings: { dropHereOr: "Drop files here or %{browse}", browse: "choose files" } },
    note,
  });
  // One signed, single-use address per file, asked for just before its PUT (and again on a retry,
  // since a used address answers 403).
  uppy.addPreProcessor(async (fileIDs) => {
    await Promise.all(
      fileIDs.map(async (id) => {
        const file = uppy.getFile(id);
        const { uploadURL } = await requestAddress(file.name ?? "document");
        uppy.setFileMeta(id, { uploadURL } as Partial<FileMeta> as FileMeta);
      }),
    );
  });
  uppy.use(XHRUpload, {
    endpoint: (file) => {
      const address = Array.isArray(file) ? undefined : file.meta.uploadURL;
      if (typeof address !== "string") throw new Error("No upload address");
      return address;
    },
    method: "PUT",
    formData: false,
    limit: 2,
    // The signed address is single use: a retry of the same PUT could only answer 403.
    shouldRetry: () => false,
    // The PUT needs the bearer session (the cookie alone never authorises it).
    headers: (): Record<string, string> => {
      const sessionId = readSessionId();
      return sessionId ? { Authorization: `Bearer ${sessionId}` } : {};
    },
    getResponseData: (xhr) => JSON.parse(xhr.responseText) as UploadResult,
  });
  // Uppy records "Non 2xx" or the like for a refused PUT; show the server's reason (413, 415, 403).
  uppy.on("upload-error", (file, _error, request) => {
    if (file) uppy.setFileState(file.id, { error: messageOfXhr(request) ?? uploadFailed });
  });
  return uppy;
}

export type RowState = "queued" | "uploading" | "saving" | "done" | "failed";

/** What the outcome of one `upload` was, file by file. */
export interface UploadOutcome {
  /** Files stored and recorded. */
  created: QueuedFile[];
  /** "name: reason" of files whose bytes were refused (or the flow failed). */
  uploadFailures: string[];
  /** "name: reason" of files stored whose record the server refused. */
  recordFailures: string[];
}

/**
 * Uppy on the element of `dropZone`, the files chosen with their progress, the refusals of the last
 * choice, and `upload(record)`: uploads every file not yet recorded, then calls `record` once per
 * stored file, in order (spec B §4: an entry per uploaded file after the uploads).
 */
export function useSignedUpload(options: SignedUppyOptions) {
  const dropZone = useRef<HTMLDivElement>(null);
  const optionsRef = useRef(options);
  const [uppy, setUppy] = useState<SignedUppy | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const target = dropZone.current;
    if (!target) return;
    let instance: SignedUppy | null = null;
    // A new choice of files (chosen or dropped) replaces the refusals of the one before; capturing
    // on the drop zone's container runs before Uppy's own handlers add the files.
    const clearRefusals = () => setRefusals([]);
    target.addEventListener("change", clearRefusals, true);
    target.addEventListener("drop", clearRefusals, true);
    try {
      instance = createSignedUppy(target, optionsRef.current);
      const created = instance;
      created.on("state-update", () => setFiles(created.getFiles()));
      created.on("restriction-failed", (_file, error) =>
        setRefusals((shown) => (shown.includes(error.message) ? shown : [...shown, error.message])),
      );
      setUppy(created);
    } catch {
      setLoadFailed(true);
    }
    return () => {
      target.removeEventListener("change", clearRefusals, true);
      target.removeEventListener("drop", clearRefusals, true);
      instance?.destroy();
    };
  }, []);

  const pending = files.filter((file) => !saved.has(file.id));

  const upload = useCallback(
    async (record: (file: QueuedFile, stored: UploadResult) => Promise<void>): Promise<UploadOutcome> => {
      const outcome: UploadOutcome = { created: [], uploadFailures: [], recordFailures: [] };
      if (!uppy) return outcome;
      const { uploadFailed } = optionsRef.current;
      setUploading(true);
      setRefusals([]);
      try {
        // Uppy tries files that failed before again; the pre-processor gives each a new address.
        const result = await uppy.upload();
        for (const file of result?.failed ?? []) {
          outcome.uploadFailures.push(`${file.name}: ${file.error ?? uploadFailed}`);
        }
        for (const file of result?.successful ?? []) {
          const stored = file.response?.body;
          if (!stored || saved.has(file.id)) continue;
          setSaving((ids) => new Set(ids).add(file.id));
          try {
            await record(file, stored);
            outcome.created.push(file);
            setSaved((ids) => new Set(ids).add(file.id));
          } catch (error) {
            const reason = getErrorMessage(error, uploadFailed);
            uppy.setFileState(file.id, { error: reason });
            outcome.recordFailures.push(`${file.name}: ${reason}`);
          } finally {
            setSaving((ids) => {
              const next = new Set(ids);
              next.delete(file.id);
              return next;
            });
          }
        }
      } catch (error) {
        outcome.uploadFailures.push(getErrorMessage(error, uploadFailed));
      } finally {
        setUploading(false);
      }
      return outcome;
    },
    [uppy, saved],
  );

  /** Empties the list (after a finished batch): the next choice starts afresh. */
  const clear = useCallback(() => {
    uppy?.cancelAll();
    setSaved(new Set());
    setRefusals([]);
  }, [uppy]);

  /** Removes recorded files from the list and forgets them (after a batch that partly failed). */
  const forget = useCallback(
    (ids: readonly string[]) => {
      for (const id of ids) uppy?.removeFile(id);
      setSaved(new Set());
    },
    [uppy],
  );

  const rowState = (file: QueuedFile): RowState => {
    if (saved.has(file.id)) return "done";
    if (file.error) return "failed";
    if (saving.has(file.id)) return "saving";
    if (file.progress.uploadStarted) return "uploading";
    return "queued";
  };

  return { dropZone, uppy, loadFailed, files, pending, refusals, uploading, upload, clear, forget, rowState };
}

export type SignedUpload = ReturnType<typeof useSignedUpload>;
