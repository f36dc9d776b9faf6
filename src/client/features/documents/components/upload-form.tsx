import { useQueryClient } from "@tanstack/react-query";
import UppyCore, { type Meta, type Uppy, type UppyFile } from "@uppy/core";
import DragDrop from "@uppy/drag-drop";
import XHRUpload from "@uppy/xhr-upload";
import { CheckCircle2, CircleAlert, LoaderCircle, Trash2, Upload } from "lucide-react";
import "./drop-zone.css";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { readSessionId } from "#client/lib/session-storage.ts";
import type { UploadResult } from "#shared/schemas/documents.ts";
import { createDocument, documentKeys, requestUploadUrl } from "../api/documents-api.ts";
import { DOCUMENT_CATEGORIES } from "../examples.ts";
import { formatFileSize, MAX_UPLOAD_FILES, uppyLimitOptions } from "../upload-limits.ts";

type FileMeta = Meta & { uploadURL?: string };
type DocumentUppy = Uppy<FileMeta, UploadResult>;
type QueuedFile = UppyFile<FileMeta, UploadResult>;

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

/** Uppy, its drop zone and the PUT uploader on `target`. */
async function createUppy(target: HTMLElement): Promise<DocumentUppy> {
  const uppy: DocumentUppy = new UppyCore<FileMeta, UploadResult>({
    autoProceed: false,
    ...uppyLimitOptions,
    restrictions: { ...uppyLimitOptions.restrictions },
    locale: { ...uppyLimitOptions.locale, strings: { ...uppyLimitOptions.locale.strings } },
    infoTimeout: 0,
  });
  uppy.use(DragDrop, {
    target,
    locale: { strings: { dropHereOr: "Drop files here or %{browse}", browse: "choose files" } },
    note: `Up to ${MAX_UPLOAD_FILES} files, 50 MB each: PDF, DOC, DOCX, TXT, MD, images, audio or video`,
  });
  // issue 14 item 2: one signed, single-use address per file, asked for just before its PUT (and
  // again on a retry, since a used address answers 403).
  uppy.addPreProcessor(async (fileIDs) => {
    await Promise.all(
      fileIDs.map(async (id) => {
        const file = uppy.getFile(id);
        const { uploadURL } = await requestUploadUrl(file.name ?? "document");
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
    // The PUT needs the bearer session (issue 14: the cookie alone never authorises it).
    headers: (): Record<string, string> => {
      const sessionId = readSessionId();
      return sessionId ? { Authorization: `Bearer ${sessionId}` } : {};
    },
    getResponseData: (xhr) => JSON.parse(xhr.responseText) as UploadResult,
  });
  // Uppy records "Non 2xx" or the like for a refused PUT; show the server's reason (413, 415, 403).
  uppy.on("upload-error", (file, _error, request) => {
    if (file) uppy.setFileState(file.id, { error: messageOfXhr(request) ?? "Failed to upload document" });
  });
  return uppy;
}

type RowState = "queued" | "uploading" | "saving" | "done" | "failed";

function rowState(file: QueuedFile, saved: ReadonlySet<string>, saving: ReadonlySet<string>): RowState {
  if (saved.has(file.id)) return "done";
  if (file.error) return "failed";
  if (saving.has(file.id)) return "saving";
  if (file.progress.uploadStarted) return "uploading";
  return "queued";
}

/** The upload form inside the upload dialog (spec B §2, §5, §8; issue 14 item 8), with Uppy. */
export function UploadForm({ onBusy, onDone }: { onBusy: (busy: boolean) => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const dropZone = useRef<HTMLDivElement>(null);
  const [uppy, setUppy] = useState<DocumentUppy | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<string>("manual");
  const [includeInVectorDb, setIncludeInVectorDb] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const target = dropZone.current;
    if (!target) return;
    let instance: DocumentUppy | null = null;
    let cancelled = false;
    // A new choice of files (chosen or dropped) replaces the refusals of the one before; capturing
    // on the drop zone's container runs before Uppy's own handlers add the files.
    const clearRefusals = () => setRefusals([]);
    target.addEventListener("change", clearRefusals, true);
    target.addEventListener("drop", clearRefusals, true);
    createUppy(target)
      .then((created) => {
        if (cancelled) {
          created.destroy();
          return;
        }
        instance = created;
        const refresh = () => setFiles(created.getFiles());
        created.on("state-update", refresh);
        created.on("restriction-failed", (_file, error) =>
          setRefusals((shown) => (shown.includes(error.message) ? shown : [...shown, error.message])),
        );
        setUppy(created);
      })
      .catch(() => setLoadFailed(true));
    return () => {
      cancelled = true;
      target.removeEventListener("change", clearRefusals, true);
      target.removeEventListener("drop", clearRefusals, true);
      instance?.destroy();
    };
  }, []);

  useEffect(() => onBusy(uploading), [uploading, onBusy]);

  const pending = files.filter((file) => !saved.has(file.id));

  const upload = async () => {
    if (!uppy || pending.length === 0 || uploading) return;
    setUploading(true);
    setRefusals([]);
    const failures: string[] = [];
    const created: string[] = [];
    try {
      // Uppy tries files that failed before again; the pre-processor gives each a new address.
      const result = await uppy.upload();
      for (const file of result?.failed ?? []) {
        failures.push(`${file.name}: ${file.error ?? "Failed to upload document"}`);
      }
      // spec B §7: the document record is created after a successful upload of its file.
      for (const file of result?.successful ?? []) {
        const stored = file.response?.body;
        if (!stored || saved.has(file.id)) continue;
        setSaving((ids) => new Set(ids).add(file.id));
        try {
          await createDocument({
            fileName: file.name ?? "document",
            originalName: file.name ?? "document",
            fileUrl: stored.fileUrl,
            fileSize: stored.fileSize,
            mimeType: stored.mimeType,
            description: description.trim(),
            category,
            includeInVectorDb,
          });
          created.push(file.id);
          setSaved((ids) => new Set(ids).add(file.id));
        } catch (error) {
          uppy.setFileState(file.id, { error: getErrorMessage(error, "Failed to upload document") });
          failures.push(`${file.name}: ${getErrorMessage(error, "Failed to upload document")}`);
        } finally {
          setSaving((ids) => {
            const next = new Set(ids);
            next.delete(file.id);
            return next;
          });
        }
      }
    } catch (error) {
      failures.push(getErrorMessage(error, "Failed to upload document"));
    } finally {
      setUploading(false);
    }
    if (created.length > 0) {
      void queryClient.invalidateQueries({ queryKey: documentKeys.all });
      const what = created.length === 1 ? "Document" : `${created.length} documents`;
      toast({
        title: "Upload Successful",
        description: `${what} uploaded successfully! Available for on-demand access${
          includeInVectorDb ? ", and added to vector database for AI-powered search" : ""
        }.`,
      });
    }
    if (failures.length > 0) {
      toast({ variant: "destructive", title: "Upload Failed", description: failures.join(" ") });
      for (const id of created) uppy.removeFile(id);
      setSaved(new Set());
    } else if (created.length > 0) {
      onDone();
    }
  };

  return (
    <div className="grid gap-4">
      {/* Uppy renders its drop zone (a button over a hidden file input) into this element. */}
      <div ref={dropZone} className="document-drop-zone" />
      {uppy || loadFailed ? null : <Spinner label="Loading the uploader..." />}
      {loadFailed ? (
        <Alert variant="destructive">
          <AlertDescription>The uploader could not be loaded. Please reload the page.</AlertDescription>
        </Alert>
      ) : null}
      {refusals.length > 0 ? (
        <Alert variant="destructive">
          <AlertDescription>
            {refusals.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </AlertDescription>
        </Alert>
      ) : null}
      {files.length > 0 ? (
        <ul className="grid gap-2" aria-label="Files to upload">
          {files.map((file) => {
            const state = rowState(file, saved, saving);
            const percent = Math.round(file.progress.percentage ?? 0);
            return (
              <li key={file.id} className="grid gap-1.5 rounded-md border p-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="min-w-0 font-medium break-all">{file.name}</span>
                  <span className="flex shrink-0 items-center gap-2 text-muted-foreground">
                    {formatFileSize(file.size ?? 0)}
                    {state === "queued" || state === "failed" ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        disabled={uploading}
                        onClick={() => uppy?.removeFile(file.id)}
                        aria-label={`Remove ${file.name}`}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    ) : null}
                  </span>
                </div>
                <progress
                  className="h-2 w-full overflow-hidden rounded-full accent-indigo-600"
                  max={100}
                  value={state === "done" || state === "saving" ? 100 : percent}
                  aria-label={`Upload progress of ${file.name}`}
                />
                <span className="flex items-center gap-1.5" data-testid="upload-state">
                  {state === "done" ? (
                    <>
                      <CheckCircle2 aria-hidden="true" className="size-4 text-success" /> Uploaded
                    </>
                  ) : state === "failed" ? (
                    <span className="flex items-center gap-1.5 text-destructive-soft-foreground">
                      <CircleAlert aria-hidden="true" className="size-4" /> {String(file.error)}
                    </span>
                  ) : state === "saving" ? (
                    "Saving the document..."
                  ) : state === "uploading" ? (
                    `Uploading: ${percent}%`
                  ) : (
                    "Ready to upload"
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="document-description">Description (optional)</Label>
        <textarea
          id="document-description"
          rows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          className="rounded-md border border-input bg-card px-3 py-2 text-sm"
          placeholder="What is in these documents?"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="document-category">Category</Label>
        <NativeSelect
          id="document-category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          {DOCUMENT_CATEGORIES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <label className="inline-flex cursor-pointer items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-indigo-600"
          checked={includeInVectorDb}
          onChange={(event) => setIncludeInVectorDb(event.target.checked)}
        />
        <span>
          Include in AI search
          <span className="block text-muted-foreground">
            The text of each document is indexed so AI document search can find it.
          </span>
        </span>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={uploading}>
          Cancel
        </Button>
        <Button onClick={() => void upload()} disabled={!uppy || pending.length === 0 || uploading}>
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Upload aria-hidden="true" />
          )}
          {uploading ? "Uploading..." : pending.length > 1 ? `Upload ${pending.length} Files` : "Upload"}
        </Button>
      </div>
    </div>
  );
}
