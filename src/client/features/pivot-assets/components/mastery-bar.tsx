import { cn } from "#client/lib/utils.ts";
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
      {/* The percent and its words above say it; the bar is for the eye. */}
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div
          className={cn("h-full rounded-full", style.bar)}
          style={{ width: percent }}
          data-colour={style.words}
        />
      </div>
    </div>
  );
}
