import { Activity, Brain, Gauge, TriangleAlert } from "lucide-react";
import { useMyClassFigures } from "#client/api/class-figures/class-figures.ts";
import { MasteryInfo } from "#client/components/mastery/mastery-info.tsx";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { MASTERY_AMBER } from "#shared/domain/pivot-assets.ts";
import type { PivotStats } from "#shared/schemas/pivot-assets.ts";
import { masteryPercent } from "../pivot-view.ts";
import { MasteryBar } from "./mastery-bar.tsx";
import { StatTile } from "./stat-tile.tsx";
import { YourClasses } from "./your-classes.tsx";

/**
 * spec B §2, Mastery Analytics tab: every figure from GET /api/pivot-assets/stats; where the answer
 * has no figure (no cards, nothing fell due, no check-ins) the tile says why instead of a number.
 */
export function MasteryTab({
  stats,
  visibleCardIds,
}: {
  stats: { data: PivotStats | undefined; isError: boolean; isPending: boolean };
  visibleCardIds: ReadonlySet<number> | null;
}) {
  const classes = useMyClassFigures();
  const leadWithClasses = (classes.data?.length ?? 0) > 0;
  if (stats.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>Failed to load the mastery figures. Please try again.</AlertDescription>
      </Alert>
    );
  if (stats.isPending || !stats.data) return <Skeleton className="h-40 rounded-xl" />;
  const figures = stats.data;
  const progression = visibleCardIds
    ? figures.progression.filter((card) => visibleCardIds.has(card.pivotCardId))
    : figures.progression;
  return (
    <section aria-labelledby="mastery-heading" className="grid pivot-column gap-4">
      <h3 id="mastery-heading" className="sr-only">
        Mastery Analytics
      </h3>
      {/* Whose figure: a class's students lead where there is a class; one's own reviews follow. */}
      {leadWithClasses ? <YourClasses /> : null}
      <div className="grid gap-1">
        <h4 className="text-base font-semibold">Your own practice</h4>
        <p className="text-sm text-muted-foreground" data-testid="own-practice-note">
          Average Mastery, Retrieval Adherence, At-Risk Concepts and the bars below count your own reviews of
          your cards, not your students'; Cognitive Load comes from learners' check-ins.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatTile
          icon={Gauge}
          label="Average Mastery"
          testId="stat-average-mastery"
          words={figures.averageMastery === null}
          value={figures.averageMastery === null ? "No cards yet" : masteryPercent(figures.averageMastery)}
          note="Mean predicted recall 30 days after the last review"
        />
        <StatTile
          icon={Activity}
          label="Retrieval Adherence"
          testId="stat-adherence"
          words={figures.retrievalAdherence === null}
          value={
            figures.retrievalAdherence === null ? "No data yet" : masteryPercent(figures.retrievalAdherence)
          }
          note={figures.retrievalAdherenceReason ?? "Reviews done by their due day, last 30 days"}
        />
        <StatTile
          icon={Brain}
          label="Cognitive Load"
          testId="stat-cognitive-load"
          words={figures.cognitiveLoad === null}
          value={
            figures.cognitiveLoad === null
              ? (figures.cognitiveLoadReason ?? "No check-ins yet")
              : figures.cognitiveLoad.toFixed(1)
          }
          note={
            figures.cognitiveLoad === null
              ? "From learners' check-ins, once there are some"
              : "Mental effort, 1-9 scale"
          }
        />
        <StatTile
          icon={TriangleAlert}
          label="At-Risk Concepts"
          testId="stat-at-risk"
          value={figures.atRiskConcepts}
          note={`Cards below ${Math.round(MASTERY_AMBER * 100)}% mastery`}
        />
      </div>
      <Card>
        <CardHeader className="flex-row items-center gap-1">
          <CardTitle as="h4" className="text-base">
            Your own mastery by card
          </CardTitle>
          <MasteryInfo />
        </CardHeader>
        <CardContent>
          {progression.length === 0 ? (
            <EmptyState
              icon={Gauge}
              title="No cards to show"
              text="Each pivot card shows its mastery here once it exists; review its items to raise it."
            />
          ) : (
            <ul className="grid gap-4" aria-label="Your own mastery by card">
              {progression.map((card) => (
                <li key={card.pivotCardId}>
                  <MasteryBar level={card.masteryLevel} label={card.title} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {leadWithClasses ? null : <YourClasses />}
    </section>
  );
}
