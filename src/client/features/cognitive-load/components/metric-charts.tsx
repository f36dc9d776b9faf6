import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { LineChartFigure } from "#client/components/charts/line-chart-figure.tsx";
import {
  COGNITIVE_CONTEXTS,
  CONTEXT_LABELS,
  MEASURE_LABELS,
  MIN_RESPONSES,
  notEnoughResponses,
} from "#shared/domain/cognitive-load.ts";
import type { CognitiveLoadSummary } from "#shared/schemas/cognitive-load.ts";

const COLOURS = {
  mentalEffort: "#2563eb",
  intrinsicLoad: "#9333ea",
  extraneousLoad: "#dc2626",
  germaneLoad: "#16a34a",
};
const CONTEXT_COLOURS = { pivot: "#2563eb", launch: "#ea580c", assessment: "#0f766e" };

/**
 * A chart none of whose points reach the threshold: the frame of the chart with the screen's notice
 * inside it, instead of empty axes. `most` is the largest count of responses any point has.
 */
function Withheld({
  caption,
  most,
  per,
  className = "h-64",
}: {
  caption: string;
  most: number;
  per: string;
  className?: string;
}) {
  return (
    <figure className="grid gap-2">
      <figcaption className="font-semibold">{caption}</figcaption>
      <div
        className={`${className} grid w-full place-content-center gap-1 rounded-md border border-dashed border-border p-4 text-center`}
      >
        <p className="font-medium">{notEnoughResponses(most)}</p>
        <p className="text-sm text-muted-foreground">
          Each {per} needs at least {MIN_RESPONSES} responses before it is drawn.
        </p>
      </div>
    </figure>
  );
}

/** The largest number of responses among the points that are not drawn. */
const mostWithheld = (points: CognitiveLoadSummary["series"]) =>
  Math.max(0, ...points.filter((point) => point.averages === null).map((point) => point.responses));

/**
 * Detailed Metrics: each load measure over time (days or weeks, only points with at least
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
  const drawn = (context: string) =>
    summary.series.some((point) => point.context === context && point.averages !== null);
  const anyContextDrawn = COGNITIVE_CONTEXTS.some(drawn);
  const anyBreakdown = COGNITIVE_CONTEXTS.some(
    (context) => summary.contextualBreakdown[context].mentalEffort !== null,
  );
  const loadCaption = `Load measures by ${unit} (0-10; mental effort 1-9)`;
  const effortCaption = `Mental effort by ${unit}, per context`;
  const breakdownCaption = "Per context (contexts with fewer than 3 responses are left out)";

  return (
    <div className="grid gap-6">
      {drawn("all") ? (
        <LineChartFigure
          caption={loadCaption}
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
      ) : (
        <Withheld
          caption={loadCaption}
          className="h-72"
          most={mostWithheld(summary.series.filter((point) => point.context === "all"))}
          per={unit}
        />
      )}
      {anyContextDrawn ? (
        <LineChartFigure
          caption={effortCaption}
          data={perContext}
          xKey="bucket"
          yDomain={[1, 9]}
          series={COGNITIVE_CONTEXTS.map((context) => ({
            key: context,
            name: CONTEXT_LABELS[context],
            colour: CONTEXT_COLOURS[context],
          }))}
        />
      ) : (
        <Withheld
          caption={effortCaption}
          most={mostWithheld(summary.series.filter((point) => point.context !== "all"))}
          per={`${unit} of a context`}
        />
      )}
      {anyBreakdown ? (
        <figure className="grid gap-2">
          <figcaption className="font-semibold">{breakdownCaption}</figcaption>
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
      ) : (
        <Withheld
          caption={breakdownCaption}
          most={Math.max(0, ...COGNITIVE_CONTEXTS.map((c) => summary.contextualBreakdown[c].responses))}
          per="context"
        />
      )}
    </div>
  );
}
