import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import type { ObjectiveConversion } from "#shared/schemas/conversions.ts";
import { ConversionItem } from "./conversion-item.tsx";

/** spec A §2: shown only when history is non-empty; the first three, and a way to all of them. */
export function PreviousConversions({
  items,
  total,
  onRate,
  rating,
  onViewAll,
}: {
  items: ObjectiveConversion[];
  total: number;
  onRate: (id: number, value: number) => void;
  rating: boolean;
  onViewAll: () => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Your Previous Conversions</CardTitle>
        <Button variant="outline" size="sm" onClick={onViewAll}>
          View all ({total})
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {items.map((conversion) => (
          <ConversionItem
            key={conversion.id}
            idPrefix="recent"
            conversion={conversion}
            onRate={(value) => onRate(conversion.id, value)}
            rating={rating}
          />
        ))}
      </CardContent>
    </Card>
  );
}
