import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import type { ConversionStats as Stats } from "#shared/schemas/conversions.ts";

/** spec A §2 Your Stats, over the whole history; the average counts rated conversions only. */
export function ConversionStats({ stats }: { stats: Stats }) {
  const rows = [
    { term: "Total Conversions", value: String(stats.totalConversions) },
    { term: "Disciplines", value: String(stats.disciplines) },
    { term: "Average Rating", value: stats.averageRating ? `${stats.averageRating.toFixed(1)} / 5` : "0" },
  ];
  return (
    <Card role="region" aria-labelledby="conversion-stats-title">
      <CardHeader>
        <CardTitle id="conversion-stats-title">Your Stats</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {rows.map((row) => (
            <div key={row.term} className="flex items-center justify-between gap-2">
              <dt className="text-muted-foreground">{row.term}</dt>
              <dd className="text-lg font-semibold">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
