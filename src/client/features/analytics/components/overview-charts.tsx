import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { LineChartFigure } from "#client/components/charts/line-chart-figure.tsx";
import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from "#shared/constants.ts";
import type { AnalyticsSummary } from "#shared/schemas/analytics.ts";

const PRIMARY = "#4338ca";

/** The activity trend (events per day) and the event distribution (events per type), with recharts. */
export function OverviewCharts({
  summary,
  eventType,
}: {
  summary: AnalyticsSummary;
  eventType: EventType | "all";
}) {
  const trend = summary.activityByDay.map((day) => ({
    date: day.date.slice(5),
    events: eventType === "all" ? EVENT_TYPES.reduce((sum, type) => sum + day[type], 0) : day[eventType],
  }));
  const distribution = EVENT_TYPES.map((type) => ({
    type: EVENT_TYPE_LABELS[type],
    events: summary.eventsByType[type],
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <LineChartFigure
        caption="Activity trend"
        data={trend}
        xKey="date"
        series={[{ key: "events", name: "Events", colour: PRIMARY }]}
        summary={`Events per day, ${trend.reduce((s, d) => s + d.events, 0)} in all`}
      />
      <figure className="grid gap-2">
        <figcaption className="font-semibold">Event distribution</figcaption>
        <div
          className="h-64"
          role="img"
          aria-label={distribution.map((entry) => `${entry.type}: ${entry.events}`).join(", ")}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={distribution}
              layout="vertical"
              margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
              <YAxis type="category" dataKey="type" width={132} tick={{ fontSize: 12, fill: "#475569" }} />
              <Tooltip />
              <Bar
                dataKey="events"
                name="Events"
                fill={PRIMARY}
                radius={[0, 4, 4, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
