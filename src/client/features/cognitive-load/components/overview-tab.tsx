import { ArrowDown, ArrowRight, ArrowUp } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import {
  type Arrow,
  COGNITIVE_CONTEXTS,
  CONTEXT_LABELS,
  type Colour,
  EXTRANEOUS_TARGET,
  GERMANE_TARGET,
  MEASURE_LABELS,
  MEASURE_SCALES,
  MEASURES,
  type Measure,
} from "#shared/domain/cognitive-load.ts";
import type { CognitiveLoadSummary } from "#shared/schemas/cognitive-load.ts";

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

const TARGETS: Partial<Record<Measure, string>> = {
  mentalEffort: "green at or below 5",
  extraneousLoad: `target at most ${EXTRANEOUS_TARGET.toFixed(1)}`,
  germaneLoad: `target at least ${GERMANE_TARGET.toFixed(1)}`,
  interruptionCount: "more than 6 an hour is harmful",
};

/** The Overview tab: each measure's average with its trend and colour, the breakdown by context, the remarks. */
export function Overview({ summary }: { summary: CognitiveLoadSummary }) {
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
