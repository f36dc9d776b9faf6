import { Brain, FolderKanban, Target } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import type { AnalyticsSummary } from "#shared/schemas/analytics.ts";

export function MethodologyTab({ summary }: { summary: AnalyticsSummary }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <Card>
        <CardContent className="grid gap-1 pt-6">
          <Target aria-hidden="true" className="size-6 text-primary" />
          <p className="text-sm text-muted-foreground">Objectives Converted</p>
          <p className="text-3xl font-bold" data-testid="objectives-converted">
            {summary.objectivesConverted}
          </p>
          <p className="text-xs text-muted-foreground">in this period</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-1 pt-6">
          <FolderKanban aria-hidden="true" className="size-6 text-primary" />
          <p className="text-sm text-muted-foreground">Projects Launched</p>
          <p className="text-3xl font-bold">{summary.projectsLaunched}</p>
          <p className="text-xs text-muted-foreground">
            in this period · {summary.growth} events a month at this pace
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Brain aria-hidden="true" className="size-5 text-primary" />
            Anti-Overload Effectiveness
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2">
            <div className="flex justify-between gap-3">
              <dt>Focus Score</dt>
              <dd className="font-semibold">{summary.focusScore} / 10</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>Clarity Rating</dt>
              <dd className="font-semibold">
                {summary.ratedConversions === 0 ? "No ratings yet" : `${summary.avgRating} / 5`}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>Engagement Level</dt>
              <dd className="font-semibold">{summary.engagementLevel}</dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-muted-foreground">
            Focus Score is the completion rate over 10; Clarity Rating the mean rating of your converted
            objectives; Engagement Level High above 50 events in the period, Medium above 20.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
