import {
  ArrowDown,
  ArrowRight,
  ArrowUp,
  Brain,
  Download,
  FileUp,
  PenLine,
  QrCode as QrIcon,
} from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useFacultyProjects } from "#client/api/projects/get-faculty-projects.ts";
import { QrCode } from "#client/components/qr-code.tsx";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import {
  type Arrow,
  CHECK_IN_ORIGINS,
  type CheckInOrigin,
  COGNITIVE_CONTEXTS,
  CONTEXT_LABELS,
  type Colour,
  EXTRANEOUS_TARGET,
  GERMANE_TARGET,
  MEASURE_LABELS,
  MEASURE_SCALES,
  MEASURES,
  type Measure,
  MIN_RESPONSES,
  ORIGIN_LABELS,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type Timeframe,
} from "#shared/domain/cognitive-load.ts";
import type { CognitiveLoadSummary, SliceQuery } from "#shared/schemas/cognitive-load.ts";
import type { ProjectListItem } from "#shared/schemas/projects.ts";
import {
  exportCheckIns,
  useCognitiveLoadSummary,
  useSemesterSetting,
  useSetSemester,
} from "./api/cognitive-load-api.ts";
import { ImportDialog, RecordDialog } from "./components/instructor-dialogs.tsx";

/** recharts is its own chunk, loaded when Detailed Metrics opens. */
const MetricCharts = lazy(() =>
  import("./components/metric-charts.tsx").then((module) => ({ default: module.MetricCharts })),
);

const COLOUR_TEXT: Record<Colour, { label: string; variant: "success" | "warning" | "destructive" }> = {
  green: { label: "Good", variant: "success" },
  amber: { label: "Watch", variant: "warning" },
  red: { label: "High concern", variant: "destructive" },
};
const ARROWS: Record<Arrow, { icon: typeof ArrowUp; word: string }> = {
  up: { icon: ArrowUp, word: "up" },
  down: { icon: ArrowDown, word: "down" },
  neutral: { icon: ArrowRight, word: "steady" },
};
const SEVERITY_VARIANT = { high: "destructive", medium: "warning", low: "secondary" } as const;

const TARGETS: Partial<Record<Measure, string>> = {
  mentalEffort: "green at or below 5",
  extraneousLoad: `target at most ${EXTRANEOUS_TARGET.toFixed(1)}`,
  germaneLoad: `target at least ${GERMANE_TARGET.toFixed(1)}`,
  interruptionCount: "more than 6 an hour is harmful",
};

const checkInLink = (token: string) => `${window.location.origin}/contribute/${token}?tab=check-in`;

/** /cognitive-load-analytics (spec B §2): every figure from the instructor's real check-ins. */
export function CognitiveLoadPage() {
  const { faculty } = useAuth();
  const [timeframe, setTimeframe] = useState<Timeframe>("30d");
  const [context, setContext] = useState<SliceQuery["context"]>("all");
  const [projectId, setProjectId] = useState<number | undefined>(undefined);
  const [origin, setOrigin] = useState<CheckInOrigin>("students");
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

      <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-2">
          <Label htmlFor="cl-timeframe">Timeframe</Label>
          <NativeSelect
            id="cl-timeframe"
            value={timeframe}
            onChange={(e) => setTimeframe(e.target.value as Timeframe)}
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
            value={context}
            onChange={(e) => setContext(e.target.value as SliceQuery["context"])}
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
            value={projectId ?? ""}
            onChange={(e) => setProjectId(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">All projects</option>
            {projectList.map((project) => (
              <option key={project.id} value={project.id}>
                {project.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="cl-origin">Responses</Label>
          <NativeSelect
            id="cl-origin"
            value={origin}
            onChange={(e) => setOrigin(e.target.value as CheckInOrigin)}
            aria-describedby="cl-origin-hint"
          >
            {CHECK_IN_ORIGINS.map((value) => (
              <option key={value} value={value}>
                {ORIGIN_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
          <p id="cl-origin-hint" className="text-xs text-muted-foreground">
            {origin === "students"
              ? "Check-ins students sent themselves."
              : "Check-ins you recorded, imported or sent yourself; they never count toward students' figures."}
          </p>
        </div>
        {timeframe === "semester" ? <SemesterStart /> : null}
      </div>

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

function Figures({ summary }: { summary: CognitiveLoadSummary }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm" aria-live="polite">
        <strong>{summary.responses}</strong> {summary.responses === 1 ? "response" : "responses"} in this
        slice
        {summary.previousResponses > 0 ? ` (${summary.previousResponses} in the period before)` : ""}.
      </p>
      {summary.notice ? (
        <Alert>
          <AlertDescription>
            {summary.notice}. Figures are shown from {MIN_RESPONSES} responses on, so that no student's
            answers can be singled out.
          </AlertDescription>
        </Alert>
      ) : null}
      <Tabs defaultValue="overview">
        <TabsList className="flex-wrap">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="detailed">Detailed Metrics</TabsTrigger>
          <TabsTrigger value="patterns">Overload Patterns</TabsTrigger>
          <TabsTrigger value="interventions">Interventions</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview summary={summary} />
        </TabsContent>
        <TabsContent value="detailed">
          {summary.currentAverages ? (
            <Suspense fallback={<Spinner className="py-16" />}>
              <MetricCharts summary={summary} />
            </Suspense>
          ) : (
            <p className="text-muted-foreground">{summary.notice}</p>
          )}
        </TabsContent>
        <TabsContent value="patterns">
          <Patterns summary={summary} />
        </TabsContent>
        <TabsContent value="interventions">
          <Interventions summary={summary} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Overview({ summary }: { summary: CognitiveLoadSummary }) {
  const averages = summary.currentAverages;
  return (
    <div className="grid gap-6">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Current averages">
        {MEASURES.map((measure) => {
          const colour = summary.colours?.[measure as keyof NonNullable<CognitiveLoadSummary["colours"]>];
          const trend = summary.trends?.[measure];
          const arrow = ARROWS[trend?.arrow ?? "neutral"];
          return (
            <li key={measure}>
              <Card className="h-full">
                <CardContent className="grid gap-1 pt-4">
                  <p className="text-sm text-muted-foreground">
                    {MEASURE_LABELS[measure]} <span className="text-xs">({MEASURE_SCALES[measure]})</span>
                  </p>
                  <p
                    className="flex items-center gap-2 text-2xl font-bold"
                    data-testid={`average-${measure}`}
                  >
                    {averages ? averages[measure].toFixed(1) : "–"}
                    {trend && trend.change !== null ? (
                      <span
                        className="flex items-center text-sm font-normal text-muted-foreground"
                        title="Compared with the previous period of the same length"
                      >
                        <arrow.icon aria-hidden="true" className="size-4" />
                        {arrow.word} {trend.change > 0 ? "+" : ""}
                        {trend.change.toFixed(2)}
                      </span>
                    ) : null}
                  </p>
                  {colour ? (
                    <Badge variant={COLOUR_TEXT[colour].variant} className="w-fit">
                      {COLOUR_TEXT[colour].label}
                    </Badge>
                  ) : null}
                  {TARGETS[measure] ? (
                    <p className="text-xs text-muted-foreground">{TARGETS[measure]}</p>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="cl-breakdown" className="grid gap-2">
        <h3 id="cl-breakdown" className="text-lg font-semibold">
          Contextual breakdown
        </h3>
        {/* Focusable so that a table wider than a phone can be scrolled with the keyboard (axe). */}
        <section
          aria-label="Contextual breakdown table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto"
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-4 font-medium">Context</th>
                <th className="py-1 pr-4 font-medium">Responses</th>
                <th className="py-1 pr-4 font-medium">Mental effort</th>
                <th className="py-1 pr-4 font-medium">Intrinsic</th>
                <th className="py-1 pr-4 font-medium">Extraneous</th>
                <th className="py-1 font-medium">Germane</th>
              </tr>
            </thead>
            <tbody>
              {COGNITIVE_CONTEXTS.map((context) => {
                const row = summary.contextualBreakdown[context];
                const cell = (value: number | null) => (value === null ? "–" : value.toFixed(1));
                return (
                  <tr key={context} className="border-t border-border">
                    <th scope="row" className="py-1 pr-4 text-left font-medium">
                      {CONTEXT_LABELS[context]}
                    </th>
                    <td className="py-1 pr-4">{row.responses}</td>
                    <td className="py-1 pr-4">{cell(row.mentalEffort)}</td>
                    <td className="py-1 pr-4">{cell(row.intrinsicLoad)}</td>
                    <td className="py-1 pr-4">{cell(row.extraneousLoad)}</td>
                    <td className="py-1">{cell(row.germaneLoad)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </section>
      {summary.remarks.length > 0 ? (
        <section aria-labelledby="cl-remarks" className="grid gap-2">
          <h3 id="cl-remarks" className="text-lg font-semibold">
            Remarks (anonymous)
          </h3>
          <ul className="grid gap-2">
            {summary.remarks.map((remark) => (
              <li
                key={`${remark.date}-${remark.context}-${remark.text}`}
                className="rounded-md border border-border p-3 text-sm"
              >
                <p className="whitespace-pre-wrap">{remark.text}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {CONTEXT_LABELS[remark.context]} · {remark.date}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Patterns({ summary }: { summary: CognitiveLoadSummary }) {
  if (summary.overloadIndicators.length === 0)
    return <p className="text-muted-foreground">{summary.notice}</p>;
  return (
    <ul className="grid gap-3" aria-label="Overload indicators">
      {summary.overloadIndicators.map((indicator) => (
        <li key={indicator.id} className="grid gap-2 rounded-md border border-border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{indicator.indicator}</span>
            <Badge variant={SEVERITY_VARIANT[indicator.severity]}>{indicator.severity} severity</Badge>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full bg-primary" style={{ width: `${indicator.frequency}%` }} />
          </div>
          <p className="text-sm text-muted-foreground">
            {indicator.frequency}% of check-ins ({indicator.held} of {summary.responses})
          </p>
        </li>
      ))}
    </ul>
  );
}

function Interventions({ summary }: { summary: CognitiveLoadSummary }) {
  if (!summary.currentAverages) return <p className="text-muted-foreground">{summary.notice}</p>;
  if (summary.interventions.length === 0)
    return (
      <p className="text-muted-foreground">
        Nothing calls for an intervention in this slice: every measure is on target.
      </p>
    );
  return (
    <ul className="grid gap-3" aria-label="Proposed interventions">
      {summary.interventions.map((intervention) => (
        <li key={intervention.id}>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{intervention.title}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p>{intervention.action}</p>
              <p className="text-muted-foreground">
                <strong className="font-medium text-foreground">Why: </strong>
                {intervention.why}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function CollectPanel({ projects }: { projects: ProjectListItem[] }) {
  const [shown, setShown] = useState<ProjectListItem | null>(null);
  return (
    <section aria-labelledby="cl-collect">
      <Card>
        <CardHeader>
          <CardTitle id="cl-collect" className="text-lg">
            Collect check-ins
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Students open their project's link (or scan its QR code in class), choose "How did this task
            feel?" and answer in about a minute, without an account.
          </p>
        </CardHeader>
        <CardContent>
          {projects.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Create a project first: each project has its own link.
            </p>
          ) : (
            <ul className="grid gap-2">
              {projects.map((project) => (
                <li
                  key={project.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{project.title}</p>
                    <p className="text-xs break-all text-muted-foreground">
                      {checkInLink(project.contributionToken)}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Copy the check-in link of ${project.title}`}
                      onClick={() =>
                        void navigator.clipboard
                          ?.writeText(checkInLink(project.contributionToken))
                          .then(() => toast({ title: "Link copied" }))
                      }
                    >
                      Copy link
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Show the QR code of ${project.title}`}
                      onClick={() => setShown(project)}
                    >
                      <QrIcon aria-hidden="true" /> QR code
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <DialogContent>
          <DialogTitle>Check-in for {shown?.title}</DialogTitle>
          <DialogDescription>Students scan this code to open the check-in on their phones.</DialogDescription>
          {shown ? (
            <div className="grid justify-items-center gap-2">
              <QrCode
                text={checkInLink(shown.contributionToken)}
                label={`QR code of the check-in link of ${shown.title}`}
              />
              <p className="break-all text-center text-xs text-muted-foreground">
                {checkInLink(shown.contributionToken)}
              </p>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
