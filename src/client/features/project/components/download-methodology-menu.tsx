import { ChevronDown, Download, FileText, Package } from "lucide-react";
import { useDownloadCartridge } from "#client/api/exports/download-cartridge.ts";
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
 * same methodology as text, Word or PDF, and the project as a course package an LMS imports (IMS
 * Common Cartridge). Each downloads the saved project, not unsaved edits.
 */
export function DownloadMethodologyMenu({ project }: { project: Project }) {
  const download = useDownloadMethodology();
  const cartridge = useDownloadCartridge();
  const startCartridge = () => {
    if (cartridge.isPending) return;
    cartridge.mutate(project.id, {
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Download failed",
          description: getErrorMessage(
            error,
            "The course package could not be downloaded. Please try again.",
          ),
        }),
    });
  };
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
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={startCartridge}>
            <Package aria-hidden="true" />
            Course package for an LMS (.imscc)
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
