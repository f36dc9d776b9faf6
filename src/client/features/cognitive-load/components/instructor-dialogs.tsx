import { useState } from "react";
import { ProjectOptions } from "#client/components/project-options.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { FormField } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { CHECK_IN_CSV_COLUMNS, type ImportCheckInsResult } from "#shared/schemas/cognitive-load.ts";
import type { ProjectListItem } from "#shared/schemas/projects.ts";
import { useImportCheckIns, useRecordCheckIn } from "../api/cognitive-load-api.ts";
import { CheckInForm } from "./check-in-form.tsx";

function ProjectSelect({
  id,
  projects,
  value,
  onChange,
}: {
  id: string;
  projects: ProjectListItem[];
  value: number | undefined;
  onChange: (value: number) => void;
}) {
  return (
    <FormField id={id} label="Project">
      <NativeSelect id={id} value={value ?? ""} onChange={(event) => onChange(Number(event.target.value))}>
        <ProjectOptions projects={projects} />
      </NativeSelect>
    </FormField>
  );
}

interface CheckInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projects: ProjectListItem[];
}

/** The project a dialog's check-ins go to: the one chosen, else the first. */
function useChosenProject(projects: ProjectListItem[]) {
  const [projectId, setProjectId] = useState<number | undefined>(undefined);
  return [projectId ?? projects[0]?.id, setProjectId] as const;
}

/** Record a check-in (a paper survey in class) for one of the instructor's projects. */
export function RecordDialog({ open, onOpenChange, projects }: CheckInDialogProps) {
  const record = useRecordCheckIn();
  const [chosen, setProjectId] = useChosenProject(projects);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Record a Check-in</DialogTitle>
        <DialogDescription>
          Enter one student's answers from a paper survey. No name is kept.
        </DialogDescription>
        {record.isError ? (
          <ErrorAlert error={record.error} fallback="The check-in could not be saved." />
        ) : null}
        <CheckInForm
          idPrefix="record"
          submitLabel="Save Check-in"
          pending={record.isPending}
          before={
            <ProjectSelect id="record-project" projects={projects} value={chosen} onChange={setProjectId} />
          }
          onSubmit={async (input) => {
            if (chosen === undefined) return false;
            try {
              await record.mutateAsync({ ...input, projectId: chosen });
              toast({ title: "Check-in recorded" });
              onOpenChange(false);
              return true;
            } catch {
              return false;
            }
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Import check-ins from CSV: a preview with the errors by line first, then the import. */
export function ImportDialog({ open, onOpenChange, projects }: CheckInDialogProps) {
  const importer = useImportCheckIns();
  const [chosen, setProjectId] = useChosenProject(projects);
  const [csv, setCsv] = useState("");
  const [preview, setPreview] = useState<ImportCheckInsResult | null>(null);

  const run = async (dryRun: boolean) => {
    if (chosen === undefined || !csv) return;
    try {
      const result = await importer.mutateAsync({ projectId: chosen, csv, dryRun });
      if (dryRun) setPreview(result);
      else {
        toast({ title: "Import complete", description: `${result.imported} check-ins imported.` });
        setPreview(null);
        setCsv("");
        onOpenChange(false);
      }
    } catch {
      // shown below
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Import Check-ins</DialogTitle>
        <DialogDescription>
          A CSV with the columns {CHECK_IN_CSV_COLUMNS.join(", ")} (date, project and remark may be left out;
          the export has this form).
        </DialogDescription>
        <ProjectSelect id="import-project" projects={projects} value={chosen} onChange={setProjectId} />
        <FormField id="import-file" label="CSV file">
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            className="text-sm"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setPreview(null);
              setCsv(file ? await file.text() : "");
            }}
          />
        </FormField>
        {importer.isError ? (
          <ErrorAlert error={importer.error} fallback="The file could not be read." />
        ) : null}
        {preview ? (
          <div className="grid gap-2 text-sm" aria-live="polite">
            <p>
              {preview.imported} {preview.imported === 1 ? "check-in" : "check-ins"} ready to import
              {preview.errors.length > 0 ? `, ${preview.errors.length} lines with errors (skipped)` : ""}.
            </p>
            {preview.errors.length > 0 ? (
              <ul className="grid max-h-40 gap-1 overflow-y-auto text-destructive-soft-foreground">
                {preview.errors.map((error) => (
                  <li key={`${error.line}-${error.message}`}>
                    Line {error.line}: {error.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={!csv || importer.isPending} onClick={() => void run(true)}>
            Preview
          </Button>
          <Button
            disabled={!preview || preview.imported === 0 || importer.isPending}
            onClick={() => void run(false)}
          >
            Import {preview ? preview.imported : ""}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
