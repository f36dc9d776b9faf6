import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { DEFAULT_CLASS_SIZE } from "#shared/constants.ts";
import type { AnalyticsSummary } from "#shared/schemas/analytics.ts";
import { capital } from "./analytics-format.ts";
import { NoProjects } from "./no-projects.tsx";

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
