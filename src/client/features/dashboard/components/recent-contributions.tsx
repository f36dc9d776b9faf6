import { Link } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { formatDate } from "#client/lib/utils.ts";
import { CONTRIBUTION_STATUS_LABELS } from "#shared/domain/collaboration.ts";
import { humanize } from "#shared/domain/templates.ts";
import type { RecentContribution } from "#shared/schemas/dashboard.ts";

/** spec A §2 Recent Contributions: the two newest to one's projects, and View All Contributions. */
export function RecentContributions({ items, loading }: { items: RecentContribution[]; loading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Contributions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {loading ? (
          <Skeleton className="h-24 w-full" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No contributions yet. Share a project's contribution link with your students.
          </p>
        ) : (
          <ul className="grid gap-3">
            {items.map((item) => (
              <li key={item.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{item.studentName}</span>
                  <Badge variant="secondary">{humanize(item.contributionType)}</Badge>
                  <Badge variant="outline">{CONTRIBUTION_STATUS_LABELS[item.status]}</Badge>
                </div>
                <p className="line-clamp-2 text-muted-foreground">{item.content}</p>
                <p className="text-xs text-muted-foreground">
                  <Link
                    href={`/projects/${item.projectId}`}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    {item.projectTitle}
                  </Link>{" "}
                  · {formatDate(item.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/collaboration">View All Contributions</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
