import { Star } from "lucide-react";
import { cn } from "#client/lib/utils.ts";

const STARS = [1, 2, 3, 4, 5] as const;

/** A 1-to-5 rating as a radio group: arrow keys move, the choice is saved at once. */
export function RatingControl({
  name,
  value,
  onRate,
  disabled = false,
  label = "Rate this conversion",
}: {
  name: string;
  value: number | null;
  onRate: (rating: number) => void;
  disabled?: boolean;
  label?: string;
}) {
  const shown = value ?? 0;
  return (
    <fieldset disabled={disabled} className="flex flex-wrap items-center gap-2">
      <legend className="float-left mr-1 text-sm text-muted-foreground">{label}</legend>
      <div className="flex">
        {STARS.map((rating) => (
          <label key={rating} className="cursor-pointer p-0.5 hover:scale-110">
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onRate(rating)}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                "size-5 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
                rating <= shown ? "fill-amber-400 text-amber-600" : "text-slate-500",
              )}
            />
            <span className="sr-only">{rating === 1 ? "1 star" : `${rating} stars`}</span>
          </label>
        ))}
      </div>
      {value ? <span className="text-sm text-muted-foreground">{value} / 5</span> : null}
    </fieldset>
  );
}
