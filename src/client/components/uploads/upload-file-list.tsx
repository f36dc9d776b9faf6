import { CheckCircle2, CircleAlert, Trash2 } from "lucide-react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import "./drop-zone.css";
import type { RowState, SignedUpload } from "./signed-upload.ts";
import { formatFileSize } from "./upload-limits.ts";

/**
 * Uppy's drop zone, the refusals of the last choice and one row per chosen file with its size, its
 * progress bar and its state in words (shared by the Document Manager and the Knowledge Base).
 */
export function UploadDropZone({ upload }: { upload: SignedUpload }) {
  const { dropZone, uppy, loadFailed, refusals } = upload;
  return (
    <>
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
    </>
  );
}

export function UploadFileList({
  upload,
  savingLabel,
  doneLabel = "Uploaded",
}: {
  upload: SignedUpload;
  /** What a stored file waiting for its record says ("Saving the document..."). */
  savingLabel: string;
  doneLabel?: string;
}) {
  const { files, uppy, uploading, rowState } = upload;
  if (files.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Files to upload">
      {files.map((file) => {
        const state = rowState(file);
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
            <UploadBar name={file.name ?? "file"} state={state} percent={percent} />
            <span className="flex items-center gap-1.5" data-testid="upload-state">
              {state === "done" ? (
                <>
                  <CheckCircle2 aria-hidden="true" className="size-4 text-success" /> {doneLabel}
                </>
              ) : state === "failed" ? (
                <span className="flex items-center gap-1.5 text-destructive-soft-foreground">
                  <CircleAlert aria-hidden="true" className="size-4" /> {String(file.error)}
                </span>
              ) : state === "saving" ? (
                savingLabel
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
  );
}

/** The bar's fill by state: a refused file's bar is full in the destructive colour, never green. */
const BAR_FILL: Record<RowState, string> = {
  queued: "bg-primary",
  uploading: "bg-primary",
  saving: "bg-primary",
  done: "bg-success",
  failed: "bg-destructive",
};

/**
 * One file's progress bar. Uppy counts the bytes sent, so a file the server refuses after reading
 * it all reached 100%: the failed state shows as a failed bar, whatever the percentage was.
 */
function UploadBar({ name, state, percent }: { name: string; state: RowState; percent: number }) {
  const value = state === "done" || state === "saving" || state === "failed" ? 100 : percent;
  return (
    <div
      role="progressbar"
      aria-label={`Upload progress of ${name}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={state === "failed" ? "Upload failed" : `${value}%`}
      data-state={state}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className={`h-full rounded-full ${BAR_FILL[state]}`} style={{ width: `${value}%` }} />
    </div>
  );
}
