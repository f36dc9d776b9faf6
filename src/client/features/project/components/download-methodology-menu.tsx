import { ChevronDown, Download, FileText } from "lucide-react";
import {
  METHODOLOGY_FORMAT_LABELS,
  useDownloadMethodology,
} from "#client/api/exports/download-methodology.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { Discipline } from "#shared/constants.ts";
import { METHODOLOGY_FORMATS, type MethodologyFormat } from "#shared/schemas/exports.ts";
import type { Project } from "#shared/schemas/projects.ts";

/**
 * Download Methodology: the button writes the spec's text file; the arrow beside it offers the
 * same methodology as text, Word or PDF. Either downloads the saved project, not unsaved edits.
 */
export function DownloadMethodologyMenu({ project }: { project: Project }) {
  const download = useDownloadMethodology();
  const start = (format: MethodologyFormat) => {
    // Not disabled while a file is on its way: a disabled button would drop the keyboard focus.
    if (download.isPending) return;
    download.mutate(
      {
        title: project.title,
        discipline: project.discipline as Discipline,
        methodology: project.methodology,
        format,
      },
      {
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Download failed",
            description: getErrorMessage(error, "The methodology could not be downloaded. Please try again."),
          }),
      },
    );
  };

  return (
    <div className="flex">
      <Button
        variant="outline"
        className="rounded-r-none"
        onClick={() => start("txt")}
        aria-busy={download.isPending}
      >
        <Download aria-hidden="true" /> Download Methodology
      </Button>
      {/* Non-modal, like the user menu: the page stays readable to assistive technology. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="icon"
            className="-ml-px rounded-l-none"
            aria-label="More download formats"
          >
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          <DropdownMenuLabel className="text-muted-foreground">Download the methodology as</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {METHODOLOGY_FORMATS.map((format) => (
            <DropdownMenuItem key={format} onSelect={() => start(format)}>
              <FileText aria-hidden="true" />
              {METHODOLOGY_FORMAT_LABELS[format]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
