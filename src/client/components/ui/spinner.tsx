import { LoaderCircle } from "lucide-react";
import { cn } from "#client/lib/utils.ts";

export function Spinner({ label = "Loading…", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn("flex items-center justify-center gap-2 text-sm text-muted-foreground", className)}
    >
      <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin text-primary" />
      <span>{label}</span>
    </div>
  );
}

/** Whole-screen loading state (session check, first load of a screen bundle). */
export function FullPageSpinner() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </main>
  );
}
