import { useState } from "react";
import { ProjectOptions } from "#client/components/project-options.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  CHECK_IN_ORIGINS,
  type CheckInOrigin,
  COGNITIVE_CONTEXTS,
  CONTEXT_LABELS,
  ORIGIN_LABELS,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type Timeframe,
} from "#shared/domain/cognitive-load.ts";
import type { SliceQuery } from "#shared/schemas/cognitive-load.ts";
import type { ProjectListItem } from "#shared/schemas/projects.ts";
import { useSemesterSetting, useSetSemester } from "../api/cognitive-load-api.ts";

/** Which check-ins the figures count (spec B §2): timeframe, context, project and whose responses. */
export interface SliceFilterValues {
  timeframe: Timeframe;
  context: SliceQuery["context"];
  projectId: number | undefined;
  origin: CheckInOrigin;
}

/** The slice's choices above the figures; with the semester timeframe, the semester's first day. */
export function SliceFilters({
  filters,
  onChange,
  projects,
}: {
  filters: SliceFilterValues;
  onChange: (change: Partial<SliceFilterValues>) => void;
  projects: ProjectListItem[];
}) {
  return (
    <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid gap-2">
        <Label htmlFor="cl-timeframe">Timeframe</Label>
        <NativeSelect
          id="cl-timeframe"
          value={filters.timeframe}
          onChange={(e) => onChange({ timeframe: e.target.value as Timeframe })}
        >
          {TIMEFRAMES.map((value) => (
            <option key={value} value={value}>
              {TIMEFRAME_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="cl-context">Context</Label>
        <NativeSelect
          id="cl-context"
          value={filters.context}
          onChange={(e) => onChange({ context: e.target.value as SliceQuery["context"] })}
        >
          <option value="all">All contexts</option>
          {COGNITIVE_CONTEXTS.map((value) => (
            <option key={value} value={value}>
              {CONTEXT_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="cl-project">Project</Label>
        <NativeSelect
          id="cl-project"
          value={filters.projectId ?? ""}
          onChange={(e) => onChange({ projectId: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">All projects</option>
          <ProjectOptions projects={projects} />
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="cl-origin">Responses</Label>
        <NativeSelect
          id="cl-origin"
          value={filters.origin}
          onChange={(e) => onChange({ origin: e.target.value as CheckInOrigin })}
          aria-describedby="cl-origin-hint"
        >
          {CHECK_IN_ORIGINS.map((value) => (
            <option key={value} value={value}>
              {ORIGIN_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <p id="cl-origin-hint" className="text-xs text-muted-foreground">
          {filters.origin === "students"
            ? "Check-ins students sent themselves."
            : "Check-ins you recorded, imported or sent yourself; they never count toward students' figures."}
        </p>
      </div>
      {filters.timeframe === "semester" ? <SemesterStart /> : null}
    </div>
  );
}

function SemesterStart() {
  const setting = useSemesterSetting();
  const save = useSetSemester();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? setting.data?.semesterStart ?? "";
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) save.mutate(value, { onSuccess: () => setDraft(null) });
      }}
    >
      <Label htmlFor="cl-semester">Semester starts</Label>
      <div className="flex gap-2">
        <Input id="cl-semester" type="date" value={value} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" variant="outline" disabled={save.isPending || draft === null}>
          Save
        </Button>
      </div>
      {save.isError ? (
        <p className="text-sm text-destructive-soft-foreground">
          {getErrorMessage(save.error, "Not saved.")}
        </p>
      ) : null}
    </form>
  );
}
