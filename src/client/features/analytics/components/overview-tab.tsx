import { BarChart3 } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { EVENT_TYPE_LABELS, type EventType } from "#shared/constants.ts";
import type { AnalyticsSummary, DescribedEvent } from "#shared/schemas/analytics.ts";
import { dateTime } from "./analytics-format.ts";

// recharts stays in its own chunk: the cards and the lists paint before it arrives.
const OverviewCharts = lazy(() =>
  import("./overview-charts.tsx").then((module) => ({ default: module.OverviewCharts })),
);

const HOW_FIGURES_APPEAR =
  "Figures appear as you work: creating and editing projects, converting objectives, using templates and receiving student contributions each add an event.";

export function OverviewTab({
  summary,
  eventType,
  recent,
}: {
  summary: AnalyticsSummary;
  eventType: EventType | "all";
  recent: DescribedEvent[] | undefined;
}) {
  if (summary.totalEvents === 0)
    return (
      <EmptyState
        icon={BarChart3}
        title="No activity in this period"
        text={`${HOW_FIGURES_APPEAR} Choose a longer time range to see earlier activity.`}
        actions={
          <Link href="/methodology-wizard" className="font-medium text-primary underline underline-offset-4">
            Create a project with the Methodology Wizard
          </Link>
        }
      />
    );
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <OverviewCharts summary={summary} eventType={eventType} />
          </Suspense>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Recent events</CardTitle>
        </CardHeader>
        <CardContent>
          {recent && recent.length === 0 ? (
            <p className="text-muted-foreground">
              No {eventType === "all" ? "" : `${EVENT_TYPE_LABELS[eventType]} `}events in this period.
            </p>
          ) : (
            <ol className="grid gap-2" aria-label="The 10 most recent events">
              {(recent ?? []).map((event) => (
                <li
                  key={event.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b pb-2 last:border-0"
                >
                  <span className="min-w-0 break-words">{event.description}</span>
                  <time dateTime={event.createdAt} className="text-sm text-muted-foreground">
                    {dateTime.format(new Date(event.createdAt))}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
