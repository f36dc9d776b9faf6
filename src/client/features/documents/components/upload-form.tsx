import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { useSignedUpload } from "#client/components/uploads/signed-upload.ts";
import { UploadDropZone, UploadFileList } from "#client/components/uploads/upload-file-list.tsx";
import { createDocument, documentKeys } from "../api/documents-api.ts";
import { DOCUMENT_CATEGORIES } from "../examples.ts";
import { DOCUMENT_UPLOAD_LIMITS, MAX_UPLOAD_FILES } from "../upload-limits.ts";

const UPLOAD_FAILED = "Failed to upload document";

/** The upload form inside the upload dialog (spec B §2, §5, §8), with Uppy. */
export function UploadForm({ onBusy, onDone }: { onBusy: (busy: boolean) => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const signed = useSignedUpload({
    limits: DOCUMENT_UPLOAD_LIMITS,
    note: `Up to ${MAX_UPLOAD_FILES} files, 50 MB each: PDF, DOC, DOCX, TXT, MD, images, audio or video`,
    uploadFailed: UPLOAD_FAILED,
  });
  const { uppy, pending, uploading } = signed;
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<string>("manual");
  const [includeInVectorDb, setIncludeInVectorDb] = useState(false);

  useEffect(() => onBusy(uploading), [uploading, onBusy]);

  const upload = async () => {
    if (!uppy || pending.length === 0 || uploading) return;
    // spec B §7: the document record is created after a successful upload of its file.
    const { created, uploadFailures, recordFailures } = await signed.upload((file, stored) =>
      createDocument({
        fileName: file.name ?? "document",
        originalName: file.name ?? "document",
        fileUrl: stored.fileUrl,
        fileSize: stored.fileSize,
        mimeType: stored.mimeType,
        description: description.trim(),
        category,
        includeInVectorDb,
      }).then(() => undefined),
    );
    const failures = [...uploadFailures, ...recordFailures];
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
      signed.forget(created.map((file) => file.id));
    } else if (created.length > 0) {
      onDone();
    }
  };

  return (
    <div className="grid gap-4">
      <UploadDropZone upload={signed} />
      <UploadFileList upload={signed} savingLabel="Saving the document..." />
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
