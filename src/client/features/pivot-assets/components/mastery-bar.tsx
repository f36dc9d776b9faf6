import { MasteryTrack } from "#client/components/mastery-track.tsx";
import { cn } from "#client/lib/utils.ts";
import { masteryColour } from "#shared/domain/pivot-assets.ts";
import { masteryPercent, masteryStyle } from "../pivot-view.ts";

/** A mastery percent and its bar, coloured by spec B §9's thresholds (0.8 green, 0.6 amber, red below). */
export function MasteryBar({
  level,
  label,
  className,
}: {
  level: number;
  label: string;
  className?: string;
}) {
  const style = masteryStyle(level);
  const percent = masteryPercent(level);
  return (
    <div className={cn("grid gap-1", className)}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className={cn("font-semibold", style.text)} data-testid="mastery-percent">
          {percent} <span className="sr-only">({style.words})</span>
        </span>
      </div>
      <MasteryTrack level={level} colour={masteryColour(level)} />
    </div>
  );
}
