import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "#client/components/ui/card.tsx";

/** One figure of the screen: its name, its value and a line of what it means. */
export function StatTile({
  icon: Icon,
  label,
  value,
  note,
  testId,
  words = false,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId: string;
  /** The value is words (no figure yet): smaller than a number. */
  words?: boolean;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-5 sm:pt-6">
        <div className="flex items-center justify-between gap-2">
          <h4 className="text-sm font-medium text-muted-foreground">{label}</h4>
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        </div>
        <p className={words ? "text-lg font-semibold" : "text-2xl font-bold"} data-testid={testId}>
          {value}
        </p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
