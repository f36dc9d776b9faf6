import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface LineSeries {
  key: string;
  name: string;
  colour: string;
}

const TICK = { fontSize: 12, fill: "#475569" };

/**
 * A captioned line chart of one or more series over a category axis (days, weeks): the frame the
 * analytics trend and the cognitive load charts share. A legend shows when there is more than one
 * line; `summary` gives screen readers the figures the picture shows.
 */
export function LineChartFigure({
  caption,
  data,
  xKey,
  series,
  yDomain,
  summary,
  className = "h-64",
}: {
  caption: string;
  data: ReadonlyArray<Record<string, string | number | null>>;
  xKey: string;
  series: readonly LineSeries[];
  yDomain?: [number, number];
  summary?: string;
  className?: string;
}) {
  return (
    <figure className="grid gap-2">
      <figcaption className="font-semibold">{caption}</figcaption>
      <div className={`${className} w-full`} {...(summary ? { role: "img", "aria-label": summary } : {})}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey={xKey} tick={TICK} minTickGap={24} />
            <YAxis {...(yDomain ? { domain: yDomain } : {})} allowDecimals={!!yDomain} tick={TICK} />
            <Tooltip />
            {series.length > 1 ? <Legend /> : null}
            {series.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.name}
                stroke={line.colour}
                strokeWidth={2}
                // Points stay readable up to a month of days; past that the line alone.
                dot={data.length <= 31}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
