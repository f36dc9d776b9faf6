import { lazy, Suspense } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { MIN_RESPONSES } from "#shared/domain/cognitive-load.ts";
import type { CognitiveLoadSummary } from "#shared/schemas/cognitive-load.ts";
import { Overview } from "./overview-tab.tsx";
import { PacingSuggestions } from "./pacing-suggestions.tsx";

/** recharts is its own chunk, loaded when Detailed Metrics opens. */
const MetricCharts = lazy(() =>
  import("./metric-charts.tsx").then((module) => ({ default: module.MetricCharts })),
);

const SEVERITY_VARIANT = { high: "destructive", medium: "warning", low: "secondary" } as const;

/** The figures of a slice with check-ins: how many responses, then one tab per view. */
export function Figures({ summary }: { summary: CognitiveLoadSummary }) {
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

/**
 * One project's interventions come with actions in the product (pacing-suggestions.tsx); its
 * applied actions and their effect show even while the slice has too few responses for figures.
 */
function Interventions({ summary }: { summary: CognitiveLoadSummary }) {
  if (summary.projectId !== null)
    return (
      <PacingSuggestions
        projectId={summary.projectId}
        query={{ timeframe: summary.timeframe, context: summary.context, origin: summary.origin }}
        notice={summary.currentAverages ? null : summary.notice}
      />
    );
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
