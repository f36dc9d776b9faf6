import { useProjectClassFigures } from "#client/api/class-figures/class-figures.ts";
import { ClassFigures } from "#client/components/class-figures/class-figures.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";

/** The class's progress on the project's concepts, beside the roster. */
export function ClassProgressCard({ projectId }: { projectId: number }) {
  const figures = useProjectClassFigures(projectId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Class progress
        </CardTitle>
      </CardHeader>
      <CardContent>
        {figures.isError ? (
          <p className="text-sm text-destructive">
            {getErrorMessage(figures.error, "Failed to load the class figures. Please try again.")}
          </p>
        ) : figures.data ? (
          <ClassFigures figures={figures.data} level={4} idPrefix={`class-${projectId}`} />
        ) : (
          <Skeleton className="h-24 rounded-lg" />
        )}
      </CardContent>
    </Card>
  );
}
