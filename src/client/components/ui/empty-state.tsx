import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "./card.tsx";

/**
 * A list's empty state: an icon, a title (a level-3 heading), a line of text and what to do next
 * (a button, a link, or a row of them).
 */
export function EmptyState({
  icon: Icon,
  title,
  text,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className="text-muted-foreground">{text}</p>
        {actions}
      </CardContent>
    </Card>
  );
}
