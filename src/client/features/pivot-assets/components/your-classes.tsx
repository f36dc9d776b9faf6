import { GraduationCap } from "lucide-react";
import { Link } from "wouter";
import { useMyClassFigures } from "#client/api/class-figures/class-figures.ts";
import { ClassFigures } from "#client/components/class-figures/class-figures.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";

/**
 * Mastery Analytics' "Your classes": the class figures of each of one's projects
 * that students joined, from GET /api/pivot-assets/class-mastery.
 */
export function YourClasses() {
  const classes = useMyClassFigures();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h4" className="text-base">
          Your classes
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          Your students' mastery of each project's concepts, from their own practice.
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        {classes.isError && (
          <p className="text-sm text-destructive">Failed to load your classes' figures. Please try again.</p>
        )}
        {classes.isPending && <Skeleton className="h-24 rounded-lg" />}
        {classes.data?.length === 0 && (
          <div className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <GraduationCap aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>
              No student has joined one of your projects yet. A project's screen shows its join code; once
              students join and practise, their mastery of its concepts shows here.
            </p>
          </div>
        )}
        {classes.data?.map((figures) => (
          <section
            key={figures.projectId}
            aria-labelledby={`your-class-${figures.projectId}`}
            className="grid gap-3 border-t pt-4 first:border-t-0 first:pt-0"
          >
            <h5 id={`your-class-${figures.projectId}`} className="text-base font-semibold break-words">
              <Link href={`/projects/${figures.projectId}`} className="text-primary hover:underline">
                {figures.projectTitle}
              </Link>
            </h5>
            <ClassFigures figures={figures} level={6} idPrefix={`your-class-${figures.projectId}`} />
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
