import { Badge } from "#client/components/ui/badge.tsx";
import type { MilestoneStage } from "#shared/schemas/milestones.ts";

export const STAGE_LABELS: Record<MilestoneStage, string> = {
  pivot: "Pivot",
  launch: "Launch",
  final: "Final",
};
const STAGE_VARIANTS = { pivot: "default", launch: "success", final: "warning" } as const;

/** A milestone's stage: Pivot, Launch or Final. */
export function MilestoneStageBadge({ stage }: { stage: MilestoneStage }) {
  return <Badge variant={STAGE_VARIANTS[stage]}>{STAGE_LABELS[stage]}</Badge>;
}

/** A due date as people read it, in the browser's time zone. */
export const formatDue = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Where "Today" goes in a list in due order: before the first milestone due from now on. */
export const todayIndex = (dueDates: string[], now: Date) => {
  const index = dueDates.findIndex((due) => Date.parse(due) >= now.getTime());
  return index === -1 ? dueDates.length : index;
};

/** The "Today" marker between past and future milestones. */
export function TodayMarker({ now }: { now: Date }) {
  return (
    <li className="flex items-center gap-2 text-sm font-semibold text-primary" data-testid="today-marker">
      <span aria-hidden="true" className="h-px flex-1 bg-primary" />
      Today, {now.toLocaleDateString(undefined, { dateStyle: "medium" })}
      <span aria-hidden="true" className="h-px flex-1 bg-primary" />
    </li>
  );
}
