import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import type { AnalyticsProject, AnalyticsSummary } from "#shared/schemas/analytics.ts";
import { capital, dateOnly } from "./analytics-format.ts";
import { NoProjects } from "./no-projects.tsx";

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
