import { CircleAlert } from "lucide-react";
import { Card, CardContent } from "#client/components/ui/card.tsx";

/** spec A §2: any path without a screen. */
export function NotFoundPage() {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center sm:py-12">
        <CircleAlert aria-hidden="true" className="size-10 text-destructive" />
        <h2 className="text-2xl font-bold tracking-tight">404 Page Not Found</h2>
        <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
      </CardContent>
    </Card>
  );
}
