import { lazy, type RefObject, Suspense, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { MAX_UPLOAD_FILES } from "../upload-limits.ts";

// The form and Uppy (about 23 KB compressed) load when the dialog first opens, not with the screen.
const UploadForm = lazy(() => import("./upload-form.tsx").then((module) => ({ default: module.UploadForm })));

/** The upload dialog of the Document Manager (spec B §2, §5, §8). */
export function UploadDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  // While files are being sent the dialog stays open (Escape and the close button do nothing).
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        className="max-w-2xl"
        aria-describedby="upload-dialog-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>Upload Documents</DialogTitle>
        <DialogDescription id="upload-dialog-description">
          Choose up to {MAX_UPLOAD_FILES} files of at most 50 MB each. They are stored for download, and can
          be added to AI search.
        </DialogDescription>
        <Suspense fallback={<Spinner label="Loading the uploader..." />}>
          <UploadForm onBusy={setBusy} onDone={() => onOpenChange(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
