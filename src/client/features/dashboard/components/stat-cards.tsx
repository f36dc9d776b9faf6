import { CheckCircle2, FolderKanban, Star, Users } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import type { DashboardStats } from "#shared/schemas/auth.ts";

/**
 * spec A §2: four stat cards; a missing value shows 0; completion as a percentage. Active Projects
 * opens My Projects filtered to the active ones.
 */
export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const cards = [
    {
      label: "Active Projects",
      value: String(stats?.activeProjects ?? 0),
      icon: FolderKanban,
      href: "/projects?status=active",
    },
    {
      label: "Students Engaged",
      value: String(stats?.studentsEngaged ?? 0),
      icon: Users,
      note: "Students active in the last 30 days, signed in or through a project's link",
    },
    { label: "Completion Rate", value: `${stats?.completionRate ?? 0}%`, icon: CheckCircle2 },
    { label: "Average Rating", value: stats?.avgRating ? stats.avgRating.toFixed(1) : "0", icon: Star },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-label="Your figures">
      {cards.map(({ label, value, icon: Icon, href, note }) => {
        const card = (
          <Card className={href ? "h-full transition-colors hover:border-primary" : "h-full"}>
            <CardContent className="flex items-center justify-between gap-3 pt-5 sm:pt-6">
              <div className="min-w-0">
                <p className="text-sm font-medium text-muted-foreground">{label}</p>
                <p className="text-3xl font-bold tracking-tight" data-testid={`stat-${label}`}>
                  {value}
                </p>
                {note && <p className="text-xs text-muted-foreground">{note}</p>}
              </div>
              <Icon aria-hidden="true" className="size-8 shrink-0 text-primary" />
            </CardContent>
          </Card>
        );
        return (
          <li key={label}>
            {href ? (
              <Link href={href} className="block h-full rounded-xl">
                {card}
              </Link>
            ) : (
              card
            )}
          </li>
        );
      })}
    </ul>
  );
}
