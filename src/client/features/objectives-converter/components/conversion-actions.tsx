import { Copy, Download, WandSparkles } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { downloadConversion } from "#client/api/exports/download-conversion.ts";
import { Button } from "#client/components/ui/button.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { ConversionFormat } from "#shared/schemas/exports.ts";

/** What the actions work on: the result on screen (maybe unsaved) or a saved conversion. */
export interface ConversionContent {
  originalObjective: string;
  discipline: string;
  convertedFramework: string;
  source?: string | undefined;
}

/** The wizard opened on a saved conversion: it reads it and pre-fills its pivot and launch parts. */
export const wizardFromConversionPath = (id: number) =>
  `/methodology-wizard?mode=create-project&conversionId=${id}`;

/**
 * Reuse a conversion: copy the framework, download it as text or Word, and,
 * once saved, start a wizard project from it.
 */
export function ConversionActions({
  conversion,
  savedId,
}: {
  conversion: ConversionContent;
  /** Set for a saved conversion: only a saved one can start a wizard project. */
  savedId?: number | undefined;
}) {
  const [, navigate] = useLocation();
  const [downloading, setDownloading] = useState<ConversionFormat | null>(null);

  const copy = () => {
    const copied = navigator.clipboard?.writeText(conversion.convertedFramework);
    if (!copied) {
      toast({
        variant: "destructive",
        title: "Copy Failed",
        description: "This browser does not allow copying here. Select the framework and copy it instead.",
      });
      return;
    }
    copied.then(
      () => toast({ title: "Framework Copied", description: "Paste it into your course plan or syllabus." }),
      () =>
        toast({
          variant: "destructive",
          title: "Copy Failed",
          description: "The browser did not allow copying. Select the framework and copy it instead.",
        }),
    );
  };

  const download = (format: ConversionFormat) => {
    if (downloading) return; // a second click while the file is on its way does nothing
    setDownloading(format);
    const { originalObjective, discipline, convertedFramework, source } = conversion;
    downloadConversion({
      originalObjective,
      discipline,
      convertedFramework,
      ...(source ? { source } : {}),
      format,
    })
      .catch((error: unknown) =>
        toast({
          variant: "destructive",
          title: "Download Failed",
          description: getErrorMessage(error, "The framework could not be downloaded. Please try again."),
        }),
      )
      .finally(() => setDownloading(null));
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={copy}>
        <Copy aria-hidden="true" /> Copy
      </Button>
      <Button variant="outline" size="sm" aria-busy={downloading === "txt"} onClick={() => download("txt")}>
        <Download aria-hidden="true" /> Text (.txt)
      </Button>
      <Button variant="outline" size="sm" aria-busy={downloading === "docx"} onClick={() => download("docx")}>
        <Download aria-hidden="true" /> Word (.docx)
      </Button>
      {savedId !== undefined ? (
        <Button size="sm" onClick={() => navigate(wizardFromConversionPath(savedId))}>
          <WandSparkles aria-hidden="true" /> Create Wizard Project
        </Button>
      ) : null}
    </div>
  );
}
