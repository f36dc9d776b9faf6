import { ChevronDown, FileDown } from "lucide-react";
import { useState } from "react";
import { Alert } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import {
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  type AnalyticsRange,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
} from "#shared/constants.ts";
import { downloadReport, useAnalyticsSummary, useRecentEvents } from "./api/analytics-calls.ts";
import { EngagementTab } from "./components/engagement-tab.tsx";
import { MethodologyTab } from "./components/methodology-tab.tsx";
import { OverviewTab } from "./components/overview-tab.tsx";
import { ProjectsTab } from "./components/projects-tab.tsx";
import { ScoresTab } from "./components/scores-tab.tsx";
import { SummaryCards } from "./components/summary-cards.tsx";

/** /analytics: Analytics and Insights on the signed-in person's own events and records (spec B §2). */
export function AnalyticsPage() {
  const { faculty } = useAuth();
  const facultyId = faculty?.id ?? 0;
  const [range, setRange] = useState<AnalyticsRange>("30d");
  const [eventType, setEventType] = useState<EventType | "all">("all");
  const [exporting, setExporting] = useState(false);
  const summary = useAnalyticsSummary(facultyId, range);
  const recent = useRecentEvents(facultyId, range, eventType);

  const exportReport = async (format: "csv" | "pdf") => {
    if (exporting) return;
    setExporting(true);
    try {
      const fileName = await downloadReport(format, range);
      toast({ title: "Export Successful", description: `${fileName} is downloading.` });
    } catch {
      toast({
        variant: "destructive",
        title: "Export Failed",
        description: "Unable to export report. Please try again.",
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <p className="min-w-0 flex-1 basis-full text-muted-foreground md:basis-0">
          Your project-based learning activity, computed from what you and your students do in the product.
        </p>
        <div className="grid gap-1.5">
          <Label htmlFor="analytics-range">Time range</Label>
          <NativeSelect
            id="analytics-range"
            value={range}
            onChange={(event) => setRange(event.target.value as AnalyticsRange)}
          >
            {ANALYTICS_RANGES.map((value) => (
              <option key={value} value={value}>
                {ANALYTICS_RANGE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="analytics-event-type">Event type</Label>
          <NativeSelect
            id="analytics-event-type"
            value={eventType}
            onChange={(event) => setEventType(event.target.value as EventType | "all")}
          >
            <option value="all">All events</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EVENT_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <FileDown aria-hidden="true" />
              Export Report
              <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void exportReport("csv")}>
              Events as CSV (.csv)
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void exportReport("pdf")}>
              Report as PDF (.pdf)
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      {summary.error ? (
        <Alert variant="destructive">
          {getErrorMessage(summary.error, "The figures could not be loaded.")}
        </Alert>
      ) : !summary.data ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
          role="status"
          aria-busy="true"
          aria-label="Loading the figures"
        >
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-32" />
          ))}
        </div>
      ) : (
        <>
          <SummaryCards summary={summary.data} eventType={eventType} />
          <Tabs defaultValue="overview" className="grid grid-cols-1 gap-4">
            <TabsList aria-label="Analytics views" className="flex-wrap">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="engagement">Engagement</TabsTrigger>
              <TabsTrigger value="projects">Projects</TabsTrigger>
              <TabsTrigger value="scores">Scores</TabsTrigger>
              <TabsTrigger value="methodology">Methodology</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <OverviewTab summary={summary.data} eventType={eventType} recent={recent.data?.items} />
            </TabsContent>
            <TabsContent value="engagement">
              <EngagementTab summary={summary.data} />
            </TabsContent>
            <TabsContent value="projects">
              <ProjectsTab summary={summary.data} />
            </TabsContent>
            <TabsContent value="scores">
              <ScoresTab projects={summary.data.projects} />
            </TabsContent>
            <TabsContent value="methodology">
              <MethodologyTab summary={summary.data} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}
