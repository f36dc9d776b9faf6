import { Activity, CheckCircle2, FolderKanban, Users } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import {
  ANALYTICS_RANGE_DAYS,
  DEFAULT_CLASS_SIZE,
  EVENT_TYPE_LABELS,
  type EventType,
} from "#shared/constants.ts";
import { engagementLevel, monthlyGrowth } from "#shared/domain/analytics.ts";
import type { AnalyticsSummary } from "#shared/schemas/analytics.ts";

/** Which class sizes the engagement rate divides by: the methodologies', 25 for the others. */
function classSizeNote(summary: AnalyticsSummary): string {
  if (summary.activeProjects === 0) return "No active projects to engage students in yet";
  const given = summary.classSizesFromMethodology;
  const assumed = summary.activeProjects - given;
  const source =
    assumed === 0
      ? "class sizes from the methodologies"
      : given === 0
        ? `${DEFAULT_CLASS_SIZE} students assumed per project`
        : `${given} class size${given === 1 ? "" : "s"} from the methodology, ${DEFAULT_CLASS_SIZE} assumed for ${assumed}`;
  return `${summary.studentsEngaged} of ${summary.classSizeTotal} students (${source})`;
}

/** spec B §2: Active Projects, Student Engagement, Completion Rate, Activity Score. */
export function SummaryCards({
  summary,
  eventType,
}: {
  summary: AnalyticsSummary;
  eventType: EventType | "all";
}) {
  const activity = eventType === "all" ? summary.totalEvents : summary.eventsByType[eventType];
  const days = ANALYTICS_RANGE_DAYS[summary.range];
  const cards = [
    {
      label: "Active Projects",
      value: String(summary.activeProjects),
      note: `${summary.projectsLaunched} launched in this period`,
      icon: FolderKanban,
    },
    {
      label: "Student Engagement",
      value: `${summary.engagementRate}%`,
      note: classSizeNote(summary),
      icon: Users,
    },
    {
      label: "Completion Rate",
      value: `${summary.completionRate}%`,
      badge: summary.completionLabel,
      note: "Completed of the projects not archived",
      icon: CheckCircle2,
    },
    {
      label: "Activity Score",
      value: String(activity),
      note:
        eventType === "all"
          ? `Events in this period · ${engagementLevel(activity)} engagement · about ${summary.growth} a month at this pace`
          : `${EVENT_TYPE_LABELS[eventType]} events in this period · about ${monthlyGrowth(activity, days)} a month`,
      icon: Activity,
    },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4" aria-label="Summary figures">
      {cards.map(({ label, value, note, icon: Icon, badge }) => (
        <li key={label}>
          <Card className="h-full">
            <CardContent className="grid gap-1 pt-5 sm:pt-6">
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-medium text-muted-foreground">{label}</p>
                <Icon aria-hidden="true" className="size-6 text-primary" />
              </div>
              <p className="flex items-center gap-2 text-3xl font-bold tracking-tight">
                <span data-testid={`card-${label}`}>{value}</span>
                {badge ? (
                  <Badge variant={badge === "Excellent" ? "success" : "secondary"}>{badge}</Badge>
                ) : null}
              </p>
              <p className="text-xs text-muted-foreground" data-testid={`note-${label}`}>
                {note}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
