import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { LineChartFigure } from "#client/components/charts/line-chart-figure.tsx";
import { COGNITIVE_CONTEXTS, CONTEXT_LABELS, MEASURE_LABELS } from "#shared/domain/cognitive-load.ts";
import type { CognitiveLoadSummary } from "#shared/schemas/cognitive-load.ts";

const COLOURS = {
  mentalEffort: "#2563eb",
  intrinsicLoad: "#9333ea",
  extraneousLoad: "#dc2626",
  germaneLoad: "#16a34a",
};
const CONTEXT_COLOURS = { pivot: "#2563eb", launch: "#ea580c", assessment: "#0f766e" };

/**
 * Detailed Metrics (issue 17): each load measure over time (days or weeks, only points with at least
 * 3 responses), mental effort over time per context, and the contextual breakdown.
 */
export function MetricCharts({ summary }: { summary: CognitiveLoadSummary }) {
  const buckets = [...new Set(summary.series.map((point) => point.bucket))].sort();
  const at = (bucket: string, context: string) =>
    summary.series.find((point) => point.bucket === bucket && point.context === context)?.averages ?? null;
  const overall = buckets.map((bucket) => {
    const figures = at(bucket, "all");
    return {
      bucket,
      mentalEffort: figures?.mentalEffort ?? null,
      intrinsicLoad: figures?.intrinsicLoad ?? null,
      extraneousLoad: figures?.extraneousLoad ?? null,
      germaneLoad: figures?.germaneLoad ?? null,
    };
  });
  const perContext = buckets.map((bucket) => ({
    bucket,
    ...Object.fromEntries(
      COGNITIVE_CONTEXTS.map((context) => [context, at(bucket, context)?.mentalEffort ?? null]),
    ),
  }));
  const breakdown = COGNITIVE_CONTEXTS.map((context) => ({
    context: CONTEXT_LABELS[context],
    ...summary.contextualBreakdown[context],
  }));
  const unit = summary.bucket === "day" ? "day" : "week";

  return (
    <div className="grid gap-6">
      <LineChartFigure
        caption={`Load measures by ${unit} (0-10; mental effort 1-9)`}
        className="h-72"
        data={overall}
        xKey="bucket"
        yDomain={[0, 10]}
        series={(Object.keys(COLOURS) as Array<keyof typeof COLOURS>).map((measure) => ({
          key: measure,
          name: MEASURE_LABELS[measure],
          colour: COLOURS[measure],
        }))}
      />
      <LineChartFigure
        caption={`Mental effort by ${unit}, per context`}
        data={perContext}
        xKey="bucket"
        yDomain={[1, 9]}
        series={COGNITIVE_CONTEXTS.map((context) => ({
          key: context,
          name: CONTEXT_LABELS[context],
          colour: CONTEXT_COLOURS[context],
        }))}
      />
      <figure className="grid gap-2">
        <figcaption className="font-semibold">
          Per context (contexts with fewer than 3 responses are left out)
        </figcaption>
        <div className="h-64 w-full">
          <ResponsiveContainer>
            <BarChart data={breakdown} margin={{ left: -16, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="context" fontSize={12} />
              <YAxis domain={[0, 10]} fontSize={12} />
              <Tooltip />
              <Legend />
              <Bar
                dataKey="mentalEffort"
                name="Mental effort"
                fill={COLOURS.mentalEffort}
                isAnimationActive={false}
              />
              <Bar
                dataKey="extraneousLoad"
                name="Extraneous load"
                fill={COLOURS.extraneousLoad}
                isAnimationActive={false}
              />
              <Bar
                dataKey="germaneLoad"
                name="Germane load"
                fill={COLOURS.germaneLoad}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
