import { LoaderCircle, Upload } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { useSignedUpload } from "#client/components/uploads/signed-upload.ts";
import { UploadDropZone, UploadFileList } from "#client/components/uploads/upload-file-list.tsx";
import { createKnowledgeEntry, useRefreshKnowledge } from "../api/knowledge-base-api.ts";
import { entryOfUploadedFile, QUICK_UPLOAD_LIMITS } from "../knowledge-rules.ts";

/** spec B §8. */
export const FILES_UPLOADED_TITLE = "Files Uploaded";
export const filesUploadedText = (count: number) => `${count} file(s) added to your knowledge base.`;
export const UPLOAD_ERROR_TITLE = "Upload Error";
export const UPLOAD_ERROR_TEXT = "Files uploaded but failed to add to knowledge base. Please try again.";

/**
 * The quick upload flow of spec B §4: a signed address per file, the PUT with per-file progress
 * (the Document Manager's uploader), then one entry per stored file: its name without the
 * extension as title, its type as tag; the server replaces the content with the file's text.
 */
export function QuickUploadForm() {
  const refresh = useRefreshKnowledge();
  const signed = useSignedUpload({
    limits: QUICK_UPLOAD_LIMITS,
    note: `Up to ${QUICK_UPLOAD_LIMITS.maxFiles} files, 50 MB each: PDF, DOC, DOCX, TXT, MD, images, audio or video`,
    uploadFailed: "Failed to upload file",
  });
  const { uppy, pending, uploading } = signed;

  const upload = async () => {
    if (!uppy || pending.length === 0 || uploading) return;
    const { created, uploadFailures, recordFailures } = await signed.upload(async (file, stored) => {
      await createKnowledgeEntry(entryOfUploadedFile(file.name ?? "file", stored.fileUrl));
    });
    if (created.length > 0) {
      refresh();
      toast({ title: FILES_UPLOADED_TITLE, description: filesUploadedText(created.length) });
    }
    if (recordFailures.length > 0) {
      // spec B §8: the files are stored but their entries were refused.
      toast({ variant: "destructive", title: UPLOAD_ERROR_TITLE, description: UPLOAD_ERROR_TEXT });
    } else if (uploadFailures.length > 0) {
      toast({ variant: "destructive", title: "Upload Failed", description: uploadFailures.join(" ") });
    }
    if (recordFailures.length === 0 && uploadFailures.length === 0) signed.clear();
    else signed.forget(created.map((file) => file.id));
  };

  return (
    <div className="grid gap-3">
      <UploadDropZone upload={signed} />
      <UploadFileList upload={signed} savingLabel="Adding to the knowledge base..." doneLabel="Added" />
      {pending.length > 0 ? (
        <Button onClick={() => void upload()} disabled={!uppy || uploading}>
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Upload aria-hidden="true" />
          )}
          {uploading
            ? "Uploading..."
            : pending.length > 1
              ? `Upload ${pending.length} Files`
              : "Upload 1 File"}
        </Button>
      ) : null}
    </div>
  );
}
