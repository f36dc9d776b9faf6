import { Download } from "lucide-react";
import { useState } from "react";
import { downloadToolkit } from "#client/api/exports/download-toolkit.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { TOOLKIT_FILES, TOOLKIT_FORMATS, type ToolkitFormat } from "#shared/constants.ts";

/** spec B §2 Top bar export: the toolkit guide in each format; the spec B §8 toasts. */
export function ExportToolkitMenu() {
  const { faculty } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!faculty || faculty.role === "student") return null;

  const exportAs = async (format: ToolkitFormat) => {
    if (busy) return;
    setBusy(true);
    try {
      const fileName = await downloadToolkit(format);
      toast({ title: "Export Successful", description: `${fileName} is downloading.` });
    } catch {
      toast({
        variant: "destructive",
        title: "Export Failed",
        description: "Unable to export toolkit. Please try again.",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="h-10 gap-2 px-2.5 sm:px-3" aria-label="Export Toolkit">
          <Download aria-hidden="true" />
          <span className="hidden md:inline">Export Toolkit</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Download the toolkit guide</DropdownMenuLabel>
        {TOOLKIT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => void exportAs(format)}>
            {TOOLKIT_FILES[format].label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
