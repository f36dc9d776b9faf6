import { Brain, Download, FileUp, PenLine } from "lucide-react";
import { useState } from "react";
import { useFacultyProjects } from "#client/api/projects/get-faculty-projects.ts";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { MIN_RESPONSES } from "#shared/domain/cognitive-load.ts";
import type { SliceQuery } from "#shared/schemas/cognitive-load.ts";
import { exportCheckIns, useCognitiveLoadSummary } from "./api/cognitive-load-api.ts";
import { CollectPanel } from "./components/collect-panel.tsx";
import { Figures } from "./components/figures.tsx";
import { ImportDialog, RecordDialog } from "./components/instructor-dialogs.tsx";
import { SliceFilters, type SliceFilterValues } from "./components/slice-filters.tsx";

/** /cognitive-load-analytics (spec B §2): every figure from the instructor's real check-ins. */
export function CognitiveLoadPage() {
  const { faculty } = useAuth();
  const [filters, setFilters] = useState<SliceFilterValues>({
    timeframe: "30d",
    context: "all",
    projectId: undefined,
    origin: "students",
  });
  const { timeframe, context, projectId, origin } = filters;
  const [recording, setRecording] = useState(false);
  const [importing, setImporting] = useState(false);
  const slice: SliceQuery = {
    timeframe,
    context,
    origin,
    ...(projectId === undefined ? {} : { projectId }),
  };
  const summary = useCognitiveLoadSummary(slice);
  const projects = useFacultyProjects(faculty?.id, { limit: 100, sort: "title" });
  const projectList = projects.data?.items ?? [];

  async function onExport() {
    try {
      await exportCheckIns(slice);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Export failed",
        description: getErrorMessage(error, "Please try again."),
      });
    }
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Cognitive Load Analytics</h2>
          <p className="text-muted-foreground">
            {origin === "students"
              ? `How your students' tasks felt, from their anonymous check-ins (at least ${MIN_RESPONSES} per figure)`
              : `The check-ins you entered yourself, apart from your students' (at least ${MIN_RESPONSES} per figure)`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setRecording(true)} disabled={projectList.length === 0}>
            <PenLine aria-hidden="true" /> Record a Check-in
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)} disabled={projectList.length === 0}>
            <FileUp aria-hidden="true" /> Import CSV
          </Button>
          <Button onClick={onExport} disabled={!summary.data?.currentAverages}>
            <Download aria-hidden="true" /> Export CSV
          </Button>
        </div>
      </div>

      <SliceFilters
        filters={filters}
        onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
        projects={projectList}
      />

      {summary.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : summary.isError ? (
        <ErrorAlert error={summary.error} fallback="The figures could not be loaded." />
      ) : !summary.data.hasCheckIns ? (
        <EmptyState
          icon={Brain}
          title="No check-ins yet"
          text={
            <>
              Figures appear once students answer the short check-in "How did this task feel?". Share a
              project's check-in link or show its QR code in class (below), record a paper survey with Record
              a Check-in, or import a CSV. Each figure needs at least {MIN_RESPONSES} responses, so no
              student's answers can be singled out.
            </>
          }
        />
      ) : (
        <Figures summary={summary.data} />
      )}

      <CollectPanel projects={projectList} />
      <RecordDialog open={recording} onOpenChange={setRecording} projects={projectList} />
      <ImportDialog open={importing} onOpenChange={setImporting} projects={projectList} />
    </div>
  );
}
