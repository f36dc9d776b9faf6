import { Link } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { humanize } from "#shared/domain/templates.ts";
import type { Template } from "#shared/schemas/templates.ts";

/** spec A §2: two featured templates (from the library) and View All Templates. */
export function FeaturedTemplatesCard({ templates, loading }: { templates: Template[]; loading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Featured Templates</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {loading ? (
          <Skeleton className="h-20 w-full" />
        ) : templates.length === 0 ? (
          <p className="text-sm text-muted-foreground">No featured templates yet.</p>
        ) : (
          <ul className="grid gap-3">
            {templates.map((template) => (
              <li key={template.id} className="rounded-lg border p-3">
                <p className="font-semibold">{template.name}</p>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge variant="secondary">{humanize(template.discipline)}</Badge>
                  {template.estimatedDuration}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/templates">View All Templates</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
