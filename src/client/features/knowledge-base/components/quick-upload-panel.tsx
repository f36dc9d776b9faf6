import { UploadCloud } from "lucide-react";
import { lazy, Suspense } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { KNOWLEDGE_LIMITS } from "#shared/schemas/knowledge-base.ts";

// Uppy and the form load in a chunk of their own (shared with the Document Manager's upload form),
// after the screen has shown.
const QuickUploadForm = lazy(() =>
  import("./quick-upload-form.tsx").then((module) => ({ default: module.QuickUploadForm })),
);

/** spec B §2, §4, §5, §9: the Quick Upload panel. Each file becomes an entry once stored. */
export function QuickUploadPanel() {
  return (
    <section aria-labelledby="kb-upload-heading">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle id="kb-upload-heading" className="flex items-center gap-2 text-base">
            <UploadCloud aria-hidden="true" className="size-4" /> Quick Upload
          </CardTitle>
          <CardDescription>
            Up to {KNOWLEDGE_LIMITS.quickUploadFiles} files of 50 MB each. Each file becomes an entry; its
            text is read and indexed for search.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Suspense fallback={<Spinner label="Loading the uploader..." />}>
            <QuickUploadForm />
          </Suspense>
        </CardContent>
      </Card>
    </section>
  );
}
