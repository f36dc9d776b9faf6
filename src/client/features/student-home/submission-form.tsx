import { LoaderCircle, Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { useSignedUpload } from "#client/components/uploads/signed-upload.ts";
import { UploadDropZone, UploadFileList } from "#client/components/uploads/upload-file-list.tsx";
import { uploadLimits } from "#client/components/uploads/upload-limits.ts";
import {
  SUBMISSION_FILES_MAX,
  SUBMISSION_MESSAGES,
  SUBMISSION_TEXT_MAX,
  submissionInputSchema,
} from "#shared/schemas/submissions.ts";
import { requestSubmissionUploadUrl, useHandInWork } from "./api/submission-api.ts";

const LIMITS = uploadLimits(SUBMISSION_FILES_MAX, 50 * 1024 * 1024);

/**
 * The hand-in form: text, a link and files (the signed upload flow, one address per file for this
 * milestone). Files are sent first, then the work is handed in with their ids. Whatever fails,
 * the text, the link and the files already sent stay in the form, and handing in again retries.
 */
export function SubmissionForm({
  milestoneId,
  submitLabel,
  onHandedIn,
}: {
  milestoneId: number;
  submitLabel: string;
  onHandedIn: (version: number) => void;
}) {
  const textId = useId();
  const linkId = useId();
  const [text, setText] = useState("");
  const [link, setLink] = useState("");
  const [errors, setErrors] = useState<{ text?: string; link?: string; files?: string }>({});
  const handIn = useHandInWork(milestoneId);
  // The upload id of each file sent, by Uppy's file id: kept across a failed hand-in.
  const uploadIds = useRef(new Map<string, string>());
  const signed = useSignedUpload({
    limits: LIMITS,
    note: `Up to ${SUBMISSION_FILES_MAX} files, 50 MB each: PDF, DOC, DOCX, TXT, MD, images, audio or video`,
    uploadFailed: "The file could not be uploaded",
    requestAddress: (fileName) => requestSubmissionUploadUrl(milestoneId, fileName),
  });
  const busy = signed.uploading || handIn.isPending;

  const submit = async () => {
    if (busy) return;
    // The shared rules; files not sent yet count as "at least one".
    const checked = submissionInputSchema.safeParse({ text, link: link.trim() || null });
    const issues = (checked.error?.issues ?? []).filter(
      (issue) => !(issue.message === SUBMISSION_MESSAGES.empty && signed.files.length > 0),
    );
    if (issues.length > 0) {
      const next: typeof errors = {};
      for (const issue of issues) next[issue.path[0] === "link" ? "link" : "text"] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    handIn.reset();
    if (signed.pending.length > 0) {
      const outcome = await signed.upload(async (file, stored) => {
        const uploadId = stored.fileUrl.split("/").pop();
        if (uploadId) uploadIds.current.set(file.id, uploadId);
      });
      if (outcome.uploadFailures.length > 0) {
        setErrors({ files: `Nothing was handed in: ${outcome.uploadFailures.join(" ")}` });
        return;
      }
    }
    const ids = signed.files.flatMap((file) => uploadIds.current.get(file.id) ?? []);
    handIn.mutate(
      { text, link: link.trim() || null, uploadIds: ids },
      {
        onSuccess: (version) => {
          setText("");
          setLink("");
          uploadIds.current.clear();
          signed.clear();
          onHandedIn(version.version);
        },
      },
    );
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField id={textId} label="Your work" error={errors.text}>
        <textarea
          rows={6}
          maxLength={SUBMISSION_TEXT_MAX}
          className="rounded-md border border-input bg-card px-3 py-2 text-sm"
          {...describedBy(textId, errors.text)}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </FormField>
      <FormField id={linkId} label="Link (optional)" error={errors.link}>
        <Input
          type="url"
          inputMode="url"
          placeholder="https://"
          {...describedBy(linkId, errors.link)}
          value={link}
          onChange={(event) => setLink(event.target.value)}
        />
      </FormField>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Files (optional)</span>
        <UploadDropZone upload={signed} />
        <UploadFileList upload={signed} savingLabel="Uploaded" doneLabel="Uploaded" />
        {errors.files ? <p className="text-sm text-destructive-soft-foreground">{errors.files}</p> : null}
      </div>
      {handIn.isError ? (
        <ErrorAlert error={handIn.error} fallback="Your work could not be handed in. Try again." />
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {signed.uploading ? "Uploading..." : handIn.isPending ? "Handing in..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
