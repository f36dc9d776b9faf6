import type { ReactNode } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { formatDate } from "#client/lib/utils.ts";
import { converterDisciplineLabel } from "#shared/domain/conversions.ts";
import type { ObjectiveConversion } from "#shared/schemas/conversions.ts";
import { ConversionActions } from "./conversion-actions.tsx";
import { RatingControl } from "./rating-control.tsx";

/** A saved conversion: discipline badge, date, original and converted text, its rating. */
export function ConversionItem({
  conversion,
  onRate,
  rating,
  actions,
  clamp = true,
  idPrefix,
}: {
  conversion: ObjectiveConversion;
  onRate: (value: number) => void;
  rating: boolean;
  actions?: ReactNode;
  /** Cut the framework to a few lines (the card); the dialog shows it whole. */
  clamp?: boolean;
  idPrefix: string;
}) {
  const created = formatDate(conversion.createdAt);
  return (
    <article className="grid gap-2 rounded-lg border p-4" aria-label={`Conversion of ${created}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{converterDisciplineLabel(conversion.discipline)}</Badge>
        <span className="text-sm text-muted-foreground">
          {created} · {conversion.source === "template" ? "Built-in template" : conversion.source}
        </span>
      </div>
      <p className="text-sm">
        <span className="font-medium">Original: </span>
        {conversion.originalObjective}
      </p>
      <p
        className={
          clamp
            ? "line-clamp-4 text-sm whitespace-pre-wrap text-muted-foreground"
            : "text-sm whitespace-pre-wrap text-muted-foreground"
        }
      >
        <span className="font-medium text-foreground">Converted: </span>
        {conversion.convertedFramework}
      </p>
      <ConversionActions conversion={conversion} savedId={conversion.id} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingControl
          name={`${idPrefix}-rating-${conversion.id}`}
          value={conversion.feedbackRating}
          onRate={onRate}
          disabled={rating}
          label="Rating"
        />
        {actions}
      </div>
    </article>
  );
}
