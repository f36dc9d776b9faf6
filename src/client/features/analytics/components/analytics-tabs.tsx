import { ArrowDown, ArrowUp, ArrowUpDown, BarChart3, Brain, FolderKanban, Target } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { DEFAULT_CLASS_SIZE, EVENT_TYPE_LABELS, type EventType } from "#shared/constants.ts";
import type { AnalyticsProject, AnalyticsSummary, DescribedEvent } from "#shared/schemas/analytics.ts";

// recharts stays in its own chunk: the cards and the lists paint before it arrives.
const OverviewCharts = lazy(() =>
  import("./overview-charts.tsx").then((module) => ({ default: module.OverviewCharts })),
);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

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

function NoProjects() {
  return (
    <EmptyState
      icon={FolderKanban}
      title="No projects yet"
      text="Each project you save from the Methodology Wizard gets a row here, with its students' contributions, their review and the retrieval practice on its pivot cards."
      actions={
        <Link href="/methodology-wizard" className="font-medium text-primary underline underline-offset-4">
          Open the Methodology Wizard
        </Link>
      }
    />
  );
}

export function EngagementTab({ summary }: { summary: AnalyticsSummary }) {
  const statuses = summary.contributionsByStatus;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Student participation in this period</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p>
            <strong>{summary.studentsEngaged}</strong> student{summary.studentsEngaged === 1 ? "" : "s"}{" "}
            practised, contributed or checked in from their account, or contributed through a project's link
            with their e-mail, each counted once: <strong>{summary.engagementRate}%</strong> of the{" "}
            {summary.classSizeTotal} students in your active projects. Class sizes come from each project's
            methodology; a project that gives none counts {DEFAULT_CLASS_SIZE}. A contribution through the
            link without an e-mail is not counted here: a name alone tells no one apart.
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(["pending", "approved", "implemented", "rejected"] as const).map((status) => (
              <div key={status} className="rounded-lg border p-3">
                <dt className="text-sm text-muted-foreground">{capital(status)}</dt>
                <dd className="text-2xl font-bold">{statuses[status]}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {summary.projects.length === 0 ? (
        <NoProjects />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Learning outcomes per project</CardTitle>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Project
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Students
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Contributions
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Review status (all time)
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Retrieval practice
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Check-ins
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.projects.map((project) => (
                  <tr key={project.id} className="border-b last:border-0">
                    <td className="py-2 pr-3">
                      <Link
                        href={`/projects/${project.id}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {project.title}
                      </Link>
                    </td>
                    <td className="py-2 pr-3 text-right">
                      {project.studentsInRange} of {project.classSize}
                      <span className="block text-xs text-muted-foreground">
                        {project.classSizeSource === "methodology"
                          ? "class size from methodology"
                          : `${DEFAULT_CLASS_SIZE} assumed`}
                      </span>
                    </td>
                    <td className="py-2 pr-3 text-right">{project.contributionsInRange}</td>
                    <td className="py-2 pr-3">
                      {project.contributions.total === 0
                        ? "None yet"
                        : `${project.contributions.pending} pending, ${project.contributions.approved} approved, ${project.contributions.implemented} implemented, ${project.contributions.rejected} rejected`}
                    </td>
                    <td className="py-2 pr-3 text-right">
                      {project.pivotCards === 0
                        ? "No pivot cards"
                        : `${project.retrievalReviews} review${project.retrievalReviews === 1 ? "" : "s"}`}
                    </td>
                    <td className="py-2 text-muted-foreground">{project.checkIns}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

type SortKey = "title" | "status" | "contributions" | "lastActivity";
const SORT_LABELS: Record<SortKey, string> = {
  title: "Project",
  status: "Status",
  contributions: "Contributions",
  lastActivity: "Last activity",
};
const sortValue = (project: AnalyticsProject, key: SortKey) =>
  key === "contributions"
    ? project.contributions.total
    : key === "title"
      ? project.title.toLowerCase()
      : project[key];

export function ProjectsTab({ summary }: { summary: AnalyticsSummary }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: "lastActivity",
    descending: true,
  });
  if (summary.projects.length === 0) return <NoProjects />;
  const rows = [...summary.projects].sort((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    const order = left < right ? -1 : left > right ? 1 : 0;
    return sort.descending ? -order : order;
  });
  const toggle = (key: SortKey) =>
    setSort((current) => ({
      key,
      descending: current.key === key ? !current.descending : key !== "title" && key !== "status",
    }));
  return (
    <Card>
      <CardContent className="overflow-x-auto pt-6">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Your projects, sortable by each column</caption>
          <thead className="border-b text-muted-foreground">
            <tr>
              {(Object.keys(SORT_LABELS) as SortKey[]).map((key) => {
                const active = sort.key === key;
                const Icon = active ? (sort.descending ? ArrowDown : ArrowUp) : ArrowUpDown;
                return (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
                    className={
                      key === "contributions" ? "py-2 pr-3 text-right font-medium" : "py-2 pr-3 font-medium"
                    }
                  >
                    <button
                      type="button"
                      onClick={() => toggle(key)}
                      className="inline-flex cursor-pointer items-center gap-1 rounded hover:text-foreground"
                    >
                      {SORT_LABELS[key]}
                      <Icon aria-hidden="true" className="size-3.5" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((project) => (
              <tr key={project.id} className="border-b last:border-0" data-testid="project-row">
                <td className="py-2 pr-3">
                  <Link href={`/projects/${project.id}`} className="font-medium text-primary hover:underline">
                    {project.title}
                  </Link>
                </td>
                <td className="py-2 pr-3">
                  <Badge
                    variant={
                      project.status === "completed"
                        ? "success"
                        : project.status === "active"
                          ? "default"
                          : "secondary"
                    }
                  >
                    {capital(project.status)}
                  </Badge>
                </td>
                <td className="py-2 pr-3 text-right">{project.contributions.total}</td>
                <td className="py-2 pr-3">
                  <time dateTime={project.lastActivity}>
                    {dateOnly.format(new Date(project.lastActivity))}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

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
